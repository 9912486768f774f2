import type { Db } from '../infra/db';
import type { Mailer } from '../infra/mailer';
import { createEmailActivities } from './email';

export interface ActivityDeps {
  db: Db;
  mailer: Mailer | null;
  mailDomain: string;
}

export function createActivities(deps: ActivityDeps) {
  return {
    ...createEmailActivities({ db: deps.db, mailer: deps.mailer, domain: deps.mailDomain }),
  };
}

export type Activities = ReturnType<typeof createActivities>;
