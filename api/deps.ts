import type { Client } from '@temporalio/client';
import type { Config } from '../infra/config';
import type { Db } from '../infra/db';
import type { Logger } from '../infra/logger';
import type { Principal } from './auth/principal';
import type { VirusScanner } from '../infra/clamd';
import type { ApiMetrics } from './metrics';

/** What handlers get to work with. Built once in server.ts; tests build their own. */
export interface AppDeps {
  config: Config;
  db: Db;
  logger: Logger;
  /** The Temporal client, connected lazily so the API starts even while Temporal is still coming up. */
  temporal: () => Promise<Client>;
  /** Checks a bearer token; null when it is not valid. */
  verifyToken: (token: string) => Promise<Principal | null>;
  /** Scans uploads before they are stored: ClamAV (infra/clamd.ts) where config.clamav says. */
  virusScanner: VirusScanner;
  /** The process's Prometheus metrics (api/metrics.ts); none in most tests. */
  metrics?: ApiMetrics;
}
