import type { Db } from '../infra/db';
import type { Mailer } from '../infra/mailer';
import { createEmailActivities } from './email';
import { createRequestActivities } from './requests';
import { createAccountActivities } from './accounts';
import { createReportActivities } from './reports';
import { createRetentionActivities } from './retention';
import { withAuditContext } from './audit-context';
import { createDocumentActivities } from './documents';
import { createComplianceChaseActivities } from './compliance-chases';
import { createRfiBatchActivities } from '../processes/request-for-information/batch-activities';
import { createPublishedDataActivities } from './published-data';

export interface ActivityDeps {
  db: Db;
  mailer: Mailer | null;
  mailDomain: string;
}

export function createActivities(deps: ActivityDeps) {
  // Each activity runs with its audit context: the workflow, and the user it acts for when its
  // arguments carry one (activities/audit-context.ts).
  return withAuditContext({
    ...createEmailActivities({ db: deps.db, mailer: deps.mailer, domain: deps.mailDomain }),
    ...createRequestActivities({ db: deps.db }),
    ...createAccountActivities({ db: deps.db }),
    ...createReportActivities({ db: deps.db }),
    ...createRetentionActivities({ db: deps.db }),
    ...createDocumentActivities({ db: deps.db }),
    ...createComplianceChaseActivities({ db: deps.db }),
    ...createRfiBatchActivities({ db: deps.db }),
    ...createPublishedDataActivities({ db: deps.db }),
  });
}

export type Activities = ReturnType<typeof createActivities>;
