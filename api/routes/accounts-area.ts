// The accounts area's route groups (issue 6), registered in app.ts as one group.
import type { RouteDef } from '../routing';
import { accountNoteRoutes } from './account-notes';
import { companyInformationRoutes } from './company-information';
import { organisationRoutes } from './organisation';

export const accountsAreaRoutes: RouteDef[] = [
  ...companyInformationRoutes,
  ...organisationRoutes,
  ...accountNoteRoutes,
];
