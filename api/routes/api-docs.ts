// The API description (api/openapi.ts), at the path the real service publishes it.
import * as v from 'valibot';
import { PUBLIC, type RouteDef } from '../routing';
import { openApiDocument, type ApiRouteTable } from '../openapi';

/** The route of the description of `tables` (the API's route tables, this one among them: read when first asked). */
export function apiDocsRoutes(tables: () => ApiRouteTable[]): RouteDef[] {
  let document: Record<string, unknown> | undefined;
  return [
    {
      method: 'get',
      path: '/api-docs',
      access: PUBLIC,
      summary: 'This API description (OpenAPI 3.1)',
      // An OpenAPI document, whose own schema is the OpenAPI specification's.
      response: v.looseObject({
        openapi: v.string(),
        info: v.looseObject({}),
        paths: v.record(v.string(), v.unknown()),
      }),
      handler: (ctx, { config }) => {
        // Made once: the route tables do not change while the process runs.
        document ??= openApiDocument(tables(), { version: config.version.displayed, issuer: config.oidc.issuer });
        ctx.body = document;
      },
    },
  ];
}
