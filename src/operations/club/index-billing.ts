import type { Operation } from '../operation.js';
import { clubInvoicesCreate } from './invoices/create.js';
import { clubInvoicesGet } from './invoices/get.js';
import { clubInvoicesList } from './invoices/list.js';
import { clubInvoicesPay } from './invoices/pay.js';
import { clubInvoicesVoid } from './invoices/void.js';
import { clubPlansCreate } from './plans/create.js';
import { clubPlansList } from './plans/list.js';
import { clubPlansUpdate } from './plans/update.js';

export const clubBillingOperations: Operation[] = [
  clubPlansList,
  clubPlansCreate,
  clubPlansUpdate,
  clubInvoicesList,
  clubInvoicesCreate,
  clubInvoicesGet,
  clubInvoicesPay,
  clubInvoicesVoid,
];
