import type { Db } from '../infra/db';
import type { Mailer } from '../infra/mailer';
import { createEmailActivities } from './email';
import { createRequestActivities } from './requests';

export interface ActivityDeps {
  db: Db;
  mailer: Mailer | null;
  mailDomain: string;
}

export function createActivities(deps: ActivityDeps) {
  return {
    ...createEmailActivities({ db: deps.db, mailer: deps.mailer, domain: deps.mailDomain }),
    ...createRequestActivities({ db: deps.db }),
  };
}

export type Activities = ReturnType<typeof createActivities>;
