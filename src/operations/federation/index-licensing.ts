import type { Operation } from '../operation.js';
import { federationCategoriesCreate } from './categories/create.js';
import { federationCategoriesList } from './categories/list.js';
import { federationClubsGet } from './clubs/get.js';
import { federationClubsList } from './clubs/list.js';
import { federationClubsReinstate } from './clubs/reinstate.js';
import { federationClubsSuspend } from './clubs/suspend.js';
import { federationLicensesApprove } from './licenses/approve.js';
import { federationLicensesGet } from './licenses/get.js';
import { federationLicensesList } from './licenses/list.js';
import { federationLicensesReinstate } from './licenses/reinstate.js';
import { federationLicensesReject } from './licenses/reject.js';
import { federationLicensesSuspend } from './licenses/suspend.js';
import { federationPersonsGet } from './persons/get.js';
import { federationPersonsList } from './persons/list.js';
import { federationProfileGet } from './profile/get.js';
import { federationSeasonsCreate } from './seasons/create.js';
import { federationSeasonsList } from './seasons/list.js';
import { federationSeasonsUpdate } from './seasons/update.js';
import { federationTransfersApprove } from './transfers/approve.js';
import { federationTransfersGet } from './transfers/get.js';
import { federationTransfersList } from './transfers/list.js';
import { federationTransfersReject } from './transfers/reject.js';

export const federationLicensingOperations: Operation[] = [
  federationProfileGet,
  federationSeasonsList,
  federationSeasonsCreate,
  federationSeasonsUpdate,
  federationClubsList,
  federationClubsGet,
  federationClubsSuspend,
  federationClubsReinstate,
  federationCategoriesList,
  federationCategoriesCreate,
  federationLicensesList,
  federationLicensesGet,
  federationLicensesApprove,
  federationLicensesReject,
  federationLicensesSuspend,
  federationLicensesReinstate,
  federationPersonsList,
  federationPersonsGet,
  federationTransfersList,
  federationTransfersGet,
  federationTransfersApprove,
  federationTransfersReject,
];
