// Walks every route the app registers (api/app.ts's route tables), as each kind of caller, and checks
// who is let in and who is refused (401 no token, 403 wrong role or missing permission, 404 someone
// else's resource). A route added to the app without an expectation fails the first test: decide who
// may call it, then add a row in test/access/<group>.ts.
import type { RouteDef } from './routing';
import { apiRouteTables } from './app';
import { startApi, type ApiHarness } from '../test/api-harness';
import { bearer, verifyTestToken } from '../test/tokens';
import { loadAccessExpectations, makeWorld, roles, type AccessExpectation, type World } from '../test/route-access';

const expectations: Record<string, AccessExpectation> = loadAccessExpectations();

let api: ApiHarness;
let shared: World;
beforeAll(async () => {
  api = await startApi({ verifyToken: verifyTestToken });
  shared = await makeWorld(api.deps.db);
});
afterAll(() => api.close());

const keyOf = (prefix: string, route: RouteDef) => `${route.method.toUpperCase()} ${prefix}${route.path}`;

it('has an access expectation for every route the app registers, and none for routes it does not', () => {
  const keys = apiRouteTables.flatMap(({ prefix, routes }) => routes.map((r) => keyOf(prefix, r)));
  expect(keys.length).toBeGreaterThan(0);
  expect(keys.filter((k) => !(k in expectations))).toEqual([]);
  expect(Object.keys(expectations).filter((k) => !keys.includes(k))).toEqual([]);
});

describe.each(Object.entries(expectations))('%s', (_key, e) => {
  it.each(roles.map((role, i) => [role, e.expect[i]] as const))('as %s answers %i', async (role, status) => {
    const world = e.mutates ? await makeWorld(api.deps.db) : shared;
    const headers: Record<string, string> = role === 'anonymous' ? {} : await bearer(world.users[role]);
    const method = _key.split(' ')[0];
    let body: BodyInit | undefined;
    if (e.multipart) {
      const form = new FormData();
      form.append('unrelated', 'x');
      body = form;
    } else if (e.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(e.body);
    }
    const extra = e.prepare ? await e.prepare(api.deps.db, world) : {};
    const res = await api.request(e.url(world, extra), { method, headers, body });
    expect({ status: res.status, body: res.body }).toEqual({ status, body: status === 204 ? '' : expect.anything() });
  });
});
