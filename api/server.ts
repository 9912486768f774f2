// The web process: migrates the database, then serves the SPA, the API and the identity provider
// on one origin.
import http from 'node:http';
import { createApp } from './app';
import type { AppDeps } from './deps';
import { loadConfig } from '../infra/config';
import { createDb, ensureDatabase, migrate } from '../infra/db';
import { createLogger } from '../infra/logger';
import { lazyClient } from '../infra/temporal';

export async function startServer(): Promise<{ server: http.Server; close: () => Promise<void> }> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  await ensureDatabase(config.databaseUrl);
  const db = createDb(config.databaseUrl);
  await migrate(db);
  const deps: AppDeps = {
    config,
    db,
    logger,
    temporal: lazyClient(config),
    // Token verification arrives with sign-in; until then no token is accepted.
    verifyToken: async () => null,
  };
  const app = createApp(deps);
  const server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(config.port, resolve));
  logger.info({ url: config.publicUrl }, 'ESOS Reporting is listening');
  return {
    server,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.destroy();
    },
  };
}

if (require.main === module) {
  startServer()
    .then(({ close }) => {
      const stop = () => void close().then(() => process.exit(0));
      process.on('SIGTERM', stop);
      process.on('SIGINT', stop);
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
