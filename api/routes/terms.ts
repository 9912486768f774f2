import * as v from 'valibot';
import type { RouteDef } from '../routing';
import { AUTHENTICATED } from '../routing';
import { notFound } from '../errors';

export const termsRoutes: RouteDef[] = [
  {
    method: 'get',
    path: '/terms',
    access: AUTHENTICATED,
    response: v.object({ version: v.number(), url: v.string() }),
    handler: async (ctx, { db }) => {
      const latest = await db('terms').orderBy('version', 'desc').first('version', 'url');
      if (!latest) throw notFound('No terms and conditions have been published');
      ctx.body = { version: latest.version, url: latest.url };
    },
  },
];
