import type { Db } from '../infra/db';
import type { Mailer } from '../infra/mailer';
import { createEmailActivities } from './email';
import { createRequestActivities } from './requests';
import { createAccountActivities } from './accounts';
import { createReportActivities } from './reports';
import { createDocumentActivities } from './documents';

export interface ActivityDeps {
  db: Db;
  mailer: Mailer | null;
  mailDomain: string;
}

export function createActivities(deps: ActivityDeps) {
  return {
    ...createEmailActivities({ db: deps.db, mailer: deps.mailer, domain: deps.mailDomain }),
    ...createRequestActivities({ db: deps.db }),
    ...createAccountActivities({ db: deps.db }),
    ...createReportActivities({ db: deps.db }),
    ...createDocumentActivities({ db: deps.db }),
  };
}

export type Activities = ReturnType<typeof createActivities>;
