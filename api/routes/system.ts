// Routes that need no sign-in: UI configuration, health and version.
import * as v from 'valibot';
import type { RouteDef } from '../routing';
import { PUBLIC, route } from '../routing';

const upOrDown = v.picklist(['UP', 'DOWN']);

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<T>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export const uiConfigurationRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/ui-configuration',
    access: PUBLIC,
    response: v.object({
      features: v.record(v.string(), v.boolean()),
      expirationTime: v.number(),
      analytics: v.object({ gtmContainerId: v.string() }),
      fordwayResetCredentialsUrl: v.string(),
      oidc: v.object({ issuer: v.string(), clientId: v.string() }),
    }),
    handler: (_ctx, { config }, io) => {
      io.reply({
        features: config.features,
        expirationTime: config.oidc.sessionTtlSeconds,
        analytics: { gtmContainerId: config.gtmContainerId },
        fordwayResetCredentialsUrl: config.credentialResetUrl,
        // Where the SPA signs people in: the embedded provider, or the one OIDC_ISSUER names.
        oidc: { issuer: config.oidc.issuer, clientId: config.oidc.clientId },
      });
    },
  }),
  route({
    method: 'get',
    path: '/health',
    access: PUBLIC,
    response: v.object({
      status: upOrDown,
      components: v.object({ database: upOrDown, temporal: upOrDown, virusScanner: v.optional(upOrDown) }),
    }),
    // Each part the service needs, checked at once with a short timeout: 200 when all answer, else
    // 503 naming the ones that do not. The load balancer and the fault test read it.
    handler: async (ctx, { db, temporal, virusScanner }, io) => {
      const check = async (fn: () => Promise<unknown>) => {
        try {
          await withTimeout(fn(), 2000);
          return 'UP' as const;
        } catch {
          return 'DOWN' as const;
        }
      };
      const ping = (virusScanner as { ping?: () => Promise<string> }).ping;
      const [database, workflowEngine, scanner] = await Promise.all([
        check(() => db.raw('select 1')),
        check(async () => (await temporal()).workflowService.getSystemInfo({})),
        ping
          ? check(async () => {
              const answer = await ping.call(virusScanner);
              if (answer !== 'PONG') throw new Error(`clamd answered ${answer}`);
            })
          : Promise.resolve(null),
      ]);
      const components = { database, temporal: workflowEngine, ...(scanner ? { virusScanner: scanner } : {}) };
      const allUp = Object.values(components).every((c) => c === 'UP');
      io.reply({ status: allUp ? 'UP' : 'DOWN', components }, allUp ? 200 : 503);
    },
  }),
  route({
    method: 'get',
    path: '/version',
    access: PUBLIC,
    response: v.object({ version: v.string(), devVersion: v.string(), commitHash: v.string() }),
    handler: (_ctx, { config }, io) => {
      io.reply({
        version: config.version.displayed,
        devVersion: config.version.dev,
        commitHash: config.version.commit,
      });
    },
  }),
];
