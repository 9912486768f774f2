// Companies House failures as the real service words them (reference workflows §6.1): the caller
// learns whether to try again or to contact the helpdesk, never the upstream detail.
import { ApiError } from '../errors';
import { REGISTRATION_NUMBER_NOT_FOUND } from '../../domain/accounts';

export const COMPANIES_HOUSE_TRY_LATER = 'The Companies House service is unavailable at the moment. Try again later.';
export const COMPANIES_HOUSE_CONTACT_HELPDESK =
  'The Companies House service is unavailable at the moment. Contact the UK ESOS Helpdesk.';

export const companyNotFound = () =>
  new ApiError(404, 'NOTFOUND1001', REGISTRATION_NUMBER_NOT_FOUND, 'registrationNumber');
/** Our key was refused: nothing the user can retry, the helpdesk must fix the configuration. */
export const companiesHouseKeyRefused = () => new ApiError(503, 'COMPANYINFO1002', COMPANIES_HOUSE_CONTACT_HELPDESK);
export const companiesHouseRateLimited = () => new ApiError(503, 'COMPANYINFO1003', COMPANIES_HOUSE_TRY_LATER);
export const companiesHouseUnavailable = () => new ApiError(503, 'COMPANYINFO1001', COMPANIES_HOUSE_TRY_LATER);
