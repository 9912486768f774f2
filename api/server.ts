// The web process: migrates the database, then serves the SPA, the API and the identity provider
// on one origin.
import http from 'node:http';
import { createApp } from './app';
import type { AppDeps } from './deps';
import { loadConfig } from '../infra/config';
import { createDb, ensureDatabase, migrate } from '../infra/db';
import { createLogger } from '../infra/logger';
import { lazyClient } from '../infra/temporal';
import { createLocalJWKSet } from 'jose';
import { createTokenVerifier } from './auth/verify-token';
import { createIdentity } from '../identity';
import { publicJwks } from '../identity/keys';
import { seedDemoData } from '../infra/seed';

export async function startServer(): Promise<{ server: http.Server; close: () => Promise<void> }> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  await ensureDatabase(config.databaseUrl);
  const db = createDb(config.databaseUrl);
  await migrate(db);
  if (config.seedDemoData) await seedDemoData(db, logger);
  const { issuer, audience, embedded } = config.oidc;
  const deps: AppDeps = {
    config,
    db,
    logger,
    temporal: lazyClient(config),
    verifyToken: createTokenVerifier({ issuer, audience, keys: embedded ? createLocalJWKSet(await publicJwks(db)) : undefined }),
  };
  const identity = await createIdentity(db, config, logger);
  const app = createApp(deps, { mount: identity.mount });
  const server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(config.port, resolve));
  logger.info({ url: config.publicUrl }, 'ESOS Reporting is listening');
  return {
    server,
    close: async () => {
      identity.close();
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
