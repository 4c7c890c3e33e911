import type { Operation } from '../operation.js';
import { clubInvoicesCreate } from './club.invoices.create.js';
import { clubInvoicesGet } from './club.invoices.get.js';
import { clubInvoicesList } from './club.invoices.list.js';
import { clubInvoicesPay } from './club.invoices.pay.js';
import { clubInvoicesVoid } from './club.invoices.void.js';

export const invoicesOperations: Operation[] = [
  clubInvoicesCreate,
  clubInvoicesGet,
  clubInvoicesList,
  clubInvoicesPay,
  clubInvoicesVoid,
];
