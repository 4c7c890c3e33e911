import type { Operation } from '../operation.js';
import { clubLicensesGet } from './club.licenses.get.js';
import { clubLicensesList } from './club.licenses.list.js';
import { clubLicensesRequest } from './club.licenses.request.js';
import { clubLicensesWithdraw } from './club.licenses.withdraw.js';
import { federationLicensesApprove } from './federation.licenses.approve.js';
import { federationLicensesGet } from './federation.licenses.get.js';
import { federationLicensesList } from './federation.licenses.list.js';
import { federationLicensesReinstate } from './federation.licenses.reinstate.js';
import { federationLicensesReject } from './federation.licenses.reject.js';
import { federationLicensesSuspend } from './federation.licenses.suspend.js';

export const licensesOperations: Operation[] = [
  clubLicensesGet,
  clubLicensesList,
  clubLicensesRequest,
  clubLicensesWithdraw,
  federationLicensesApprove,
  federationLicensesGet,
  federationLicensesList,
  federationLicensesReinstate,
  federationLicensesReject,
  federationLicensesSuspend,
];
