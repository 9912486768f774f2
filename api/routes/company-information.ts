// Company lookup for the application wizard's prefill (spec §7 'Company and reference data').
import type { RouteDef } from '../routing';
import { AUTHENTICATED } from '../routing';
import { ApiError } from '../errors';
import { required } from '../validate';
import { companyNotFound, companyRegister } from '../companies';
import { companyProfileSchema, normaliseRegistrationNumber, registrationNumberError } from '../../domain/accounts';

export const companyInformationRoutes: RouteDef[] = [
  {
    method: 'get',
    path: '/company-information/:registrationNumber',
    access: AUTHENTICATED,
    answers: [400],
    response: companyProfileSchema,
    handler: async (ctx, deps) => {
      const raw = required(ctx.params.registrationNumber, 'registrationNumber');
      const problem = registrationNumberError(raw);
      if (problem) throw new ApiError(400, 'INVALID_REGISTRATION_NUMBER', problem, 'registrationNumber');
      const profile = await companyRegister(deps.db).lookup(normaliseRegistrationNumber(raw));
      if (!profile) throw companyNotFound();
      ctx.body = profile;
    },
  },
];
