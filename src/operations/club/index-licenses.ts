import type { Operation } from '../operation.js';
import { clubLicensesGet } from './licenses/get.js';
import { clubLicensesList } from './licenses/list.js';
import { clubLicensesRequest } from './licenses/request.js';
import { clubLicensesWithdraw } from './licenses/withdraw.js';
import { clubTransfersCancel } from './transfers/cancel.js';
import { clubTransfersGet } from './transfers/get.js';
import { clubTransfersList } from './transfers/list.js';
import { clubTransfersRelease } from './transfers/release.js';
import { clubTransfersRequest } from './transfers/request.js';

export const clubLicensingOperations: Operation[] = [
  clubLicensesList,
  clubLicensesRequest,
  clubLicensesGet,
  clubLicensesWithdraw,
  clubTransfersList,
  clubTransfersRequest,
  clubTransfersGet,
  clubTransfersRelease,
  clubTransfersCancel,
];
