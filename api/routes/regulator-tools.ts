// The regulator tools' route groups (issue 13), registered in app.ts as one group: site contacts,
// MI reports, verification bodies of accounts and reference data.
import type { RouteDef } from '../routing';
import { caSiteContactRoutes } from './ca-site-contacts';
import { miReportRoutes } from './mi-reports';
import { referenceDataRoutes } from './reference-data';
import { verificationBodyRoutes } from './verification-bodies';

export const regulatorToolRoutes: RouteDef[] = [
  ...caSiteContactRoutes,
  ...miReportRoutes,
  ...verificationBodyRoutes,
  ...referenceDataRoutes,
];
