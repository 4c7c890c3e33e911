import type { Operation } from '../operation.js';
import { clubTransfersCancel } from './club.transfers.cancel.js';
import { clubTransfersGet } from './club.transfers.get.js';
import { clubTransfersList } from './club.transfers.list.js';
import { clubTransfersRelease } from './club.transfers.release.js';
import { clubTransfersRequest } from './club.transfers.request.js';
import { federationTransfersApprove } from './federation.transfers.approve.js';
import { federationTransfersGet } from './federation.transfers.get.js';
import { federationTransfersList } from './federation.transfers.list.js';
import { federationTransfersReject } from './federation.transfers.reject.js';

export const transfersOperations: Operation[] = [
  clubTransfersCancel,
  clubTransfersGet,
  clubTransfersList,
  clubTransfersRelease,
  clubTransfersRequest,
  federationTransfersApprove,
  federationTransfersGet,
  federationTransfersList,
  federationTransfersReject,
];
