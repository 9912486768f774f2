// The API description at /api/v3/api-docs: a valid OpenAPI 3.1 document, made from the route tables,
// naming every route with its parameters, input schemas, access and answers.
import { apiRouteTables } from './app';
import { startApi, type ApiHarness } from '../test/api-harness';
import { validateOpenApi } from '../test/openapi-validator';
import { loadAccessExpectations } from '../test/route-access';
import { routeKey } from './routing';

let api: ApiHarness;
let doc: any;
beforeAll(async () => {
  api = await startApi();
  const res = await api.request('/api/v3/api-docs');
  expect(res.status).toBe(200);
  doc = res.body;
});
afterAll(() => api.close());

it('is served without sign-in as a valid OpenAPI 3.1 document', async () => {
  expect(doc.openapi).toBe('3.1.0');
  const result = await validateOpenApi(doc);
  expect(result.errors).toBeUndefined();
  expect(result.valid).toBe(true);
});

it('lists every route of the route tables, and nothing else', () => {
  const tables = apiRouteTables.flatMap(({ prefix, routes }) =>
    routes.map((r) => `${r.method} /api${prefix}${r.path.replace(/:(\w+)/g, '{$1}')}`),
  );
  const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
    Object.keys(ops).map((m) => `${m} ${path}`),
  );
  expect(documented.sort()).toEqual([...new Set(tables)].sort());
  expect(documented.length).toBeGreaterThanOrEqual(99);
});

it('describes the bearer token from the OpenID Connect provider, and which routes need none', () => {
  expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  expect(doc.components.securitySchemes.oidc.openIdConnectUrl).toMatch(
    /^https?:\/\/.+\/auth\/\.well-known\/openid-configuration$/,
  );
  expect(doc.security).toEqual([{ bearer: [] }]);
  expect(doc.paths['/api/health'].get.security).toEqual([]);
  expect(doc.paths['/api/v1.0/users'].get.security).toBeUndefined();
});

it('gives each route its path parameters, its JSON body schema from the valibot schema, and its answers', () => {
  const task = doc.paths['/api/v1.0/tasks/{id}'].get;
  expect(task.parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]);
  expect(Object.keys(task.responses)).toEqual(expect.arrayContaining(['200', '401', '404', 'default']));

  const feedback = doc.paths['/api/v1.0/users/feedback'].post;
  expect(feedback.requestBody.content['application/json'].schema).toMatchObject({
    type: 'object',
    properties: expect.any(Object),
  });
  expect(Object.keys(feedback.responses)).toEqual(expect.arrayContaining(['204', '400', '401']));
  expect(feedback.responses['200']).toBeUndefined();

  // Refused callers get the one error shape.
  expect(doc.components.responses.E403.content['application/json'].schema).toEqual({
    $ref: '#/components/schemas/Error',
  });
  expect(doc.components.schemas.Error.required).toEqual(['code', 'message']);
});

it('names each query parameter a route reads, as the access tests send them', () => {
  // The access tests' example URLs, made with a stand-in for every id they take from their world.
  const anyId: any = new Proxy(() => anyId, { get: (_t, key) => (key === Symbol.toPrimitive ? () => '1' : anyId) });
  const prefixOf = new Map(
    apiRouteTables.flatMap(({ prefix, routes }) =>
      routes.map((r) => [routeKey(prefix, r), `/api${prefix}${r.path.replace(/:(\w+)/g, '{$1}')}`] as const),
    ),
  );
  const missing: string[] = [];
  for (const [key, expectation] of Object.entries(loadAccessExpectations())) {
    const [, query = ''] = expectation.url(anyId, anyId).split('?');
    const [method] = key.split(' ');
    const operation = doc.paths[prefixOf.get(key)!][method.toLowerCase()];
    const described = new Set(
      (operation.parameters as { name: string; in: string }[]).filter((p) => p.in === 'query').map((p) => p.name),
    );
    for (const name of new Set(new URLSearchParams(query).keys()))
      if (!described.has(name)) missing.push(`${key} ?${name}`);
  }
  expect(missing).toEqual([]);
});
