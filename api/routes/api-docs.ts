// The API description (api/openapi.ts), at the path the real service publishes it.
import { PUBLIC, type RouteDef } from '../routing';
import { openApiDocument } from '../openapi';
import { apiRouteTables } from '../app';

let document: Record<string, unknown> | undefined;

export const apiDocsRoutes: RouteDef[] = [
  {
    method: 'get',
    path: '/api-docs',
    access: PUBLIC,
    summary: 'This API description (OpenAPI 3.1)',
    handler: (ctx, { config }) => {
      // Made once: the route tables do not change while the process runs.
      document ??= openApiDocument(apiRouteTables, { version: config.version.displayed, issuer: config.oidc.issuer });
      ctx.body = document;
    },
  },
];
