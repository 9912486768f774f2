// The outer input limits (domain/limits.ts) and the inputs that once reached PostgreSQL and gave a
// 500 (issue 15): a NUL in a path, a query or a JSON string, a number out of a column's range, and an
// id with a space in front.
import net from 'node:net';
import { startApi, type ApiHarness } from '../../test/api-harness';
import { bearer, verifyTestToken } from '../../test/tokens';
import { loadAccessExpectations, makeWorld, type World } from '../../test/route-access';
import { inputLimits } from '../../domain/limits';
import { NUL_MESSAGE, UNICODE_MESSAGE } from './input-guard';

let api: ApiHarness;
let world: World;
beforeAll(async () => {
  api = await startApi({ verifyToken: verifyTestToken });
  world = await makeWorld(api.deps.db);
});
afterAll(() => api.close());

const as = (role: keyof World['users']) => bearer(world.users[role]);
const send = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  api.request(path, {
    method,
    headers: {
      ...(await as('regulatorEngland')),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('a NUL character', () => {
  it.each([
    '/api/v1.0/requests/%00',
    '/api/v1.0/items/%00',
    '/api/v1.0/regulator-users/%00',
    '/api/v1.0/request-notes/upload/request/a%00b',
    '/api/v1.0/tasks/1%00',
  ])('in the path %s is a 400', async (path) => {
    const res = await send('GET', path);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'INVALID_INPUT', message: NUL_MESSAGE, field: 'path' });
  });

  it.each([
    '/api/v1.0/request-actions?requestId=%00',
    '/api/v1.0/request-notes?requestId=%00&page=0&size=10',
    '/api/v1.0/account-notes?accountId=1&page=0&size=10&x=%00',
  ])('in the query %s is a 400', async (path) => {
    const res = await send('GET', path);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(NUL_MESSAGE);
  });

  it('inside JSON strings and field names is a 400 naming the field', async () => {
    const note = await send('POST', '/api/v1.0/account-notes', {
      accountId: world.accountA,
      note: 'before\u0000after',
    });
    expect(note.status).toBe(400);
    expect(note.body).toEqual({ code: 'INVALID_INPUT', message: NUL_MESSAGE, field: 'note' });
    const nested = await send('POST', '/api/v1.0/request-notes', { requestId: 'X', note: 'fine', files: ['a\u0000'] });
    expect(nested.body.field).toBe('files[0]');
    const key = await send('POST', '/api/v1.0/request-notes', { 'note\u0000': 'x' });
    expect(key.status).toBe(400);
    expect(await api.deps.db('account_notes').where({ account_id: world.accountA }).count({ n: '*' })).toEqual([
      { n: '0' },
    ]);
  });
});

// Project issue 27: "x\ud800y" is valid JSON but not Unicode; PostgreSQL's jsonb refused it with a 500.
describe('a lone UTF-16 surrogate', () => {
  const lone = ['x\ud800y', 'x\udc00', '\udc00\ud800', 'end\udbff'];
  const expectations = loadAccessExpectations();
  const prepared = async (key: string) => expectations[key]!.prepare!(api.deps.db, world);
  const asUser = (role: keyof World['users']) => async (method: string, path: string, body: unknown) =>
    api.request(path, {
      method,
      headers: { ...(await bearer(world.users[role])), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it.each(lone.map((text) => [JSON.stringify(text), text]))(
    '%s in a note, a name or a field name is a 400 on every route it was a 500 on, and nothing is written',
    async (_shown, text) => {
      const admin = asUser('adminOfA');
      const accountNote = await prepared('PUT /v1.0/account-notes/:id');
      const requestNote = await prepared('PUT /v1.0/request-notes/:id');
      const written = async () => [
        await api.deps.db('account_notes').where({ account_id: world.accountA }).select('payload'),
        await api.deps.db('request_notes').where({ request_id: requestNote.requestId }).select('payload'),
      ];
      const before = await written();
      const calls: [string, Promise<{ status: number; body: any }>, string][] = [
        [
          'POST /account-notes',
          admin('POST', '/api/v1.0/account-notes', { accountId: world.accountA, note: text }),
          'note',
        ],
        [
          'PUT /account-notes/{id}',
          admin('PUT', `/api/v1.0/account-notes/${accountNote.noteId}`, { note: text }),
          'note',
        ],
        [
          'POST /request-notes',
          admin('POST', '/api/v1.0/request-notes', { requestId: requestNote.requestId, note: text }),
          'note',
        ],
        [
          'PUT /request-notes/{id}',
          admin('PUT', `/api/v1.0/request-notes/${requestNote.noteId}`, { note: text }),
          'note',
        ],
        [
          'POST /operator-users/invite/account/{id}',
          admin('POST', `/api/v1.0/operator-users/invite/account/${world.accountA}`, {
            email: `lone-${Date.now()}@example.test`,
            firstName: text,
            lastName: 'Invitee',
            roleCode: 'operator',
          }),
          'firstName',
        ],
        [
          'POST /request-notes (a field name)',
          admin('POST', '/api/v1.0/request-notes', { requestId: requestNote.requestId, note: 'fine', [text]: 1 }),
          text,
        ],
      ];
      const form = new FormData();
      form.append(
        'regulatorInvitedUser',
        new Blob(
          [
            JSON.stringify({
              email: `lone-${Date.now()}@example.test`,
              firstName: 'Nell',
              lastName: text,
              jobTitle: 'Officer',
              phoneNumber: '+44 117 496 0000',
              permissions: {},
            }),
          ],
          { type: 'application/json' },
        ),
      );
      calls.push([
        'POST /regulator-users/invite (multipart JSON part)',
        api.request('/api/v1.0/regulator-users/invite', {
          method: 'POST',
          headers: await bearer(world.users.regulatorEngland),
          body: form,
        }),
        'regulatorInvitedUser.lastName',
      ]);
      for (const [name, call, field] of calls) {
        const res = await call;
        expect({ name, status: res.status, body: res.body }).toEqual({
          name,
          status: 400,
          body: { code: 'INVALID_INPUT', message: UNICODE_MESSAGE, field },
        });
      }
      expect(await written()).toEqual(before);
    },
  );

  it('in the query or the path is a 400 too (sent as the UTF-8 a surrogate would have, which is not UTF-8)', async () => {
    for (const path of [
      '/api/v1.0/request-notes?requestId=%ED%A0%80&page=0&size=10',
      '/api/v1.0/requests/%ED%A0%80',
      '/api/v1.0/request-notes?requestId=A%ED%B0%80',
    ]) {
      const res = await send('GET', path);
      expect({ path, status: res.status, code: res.body.code }).toEqual({ path, status: 400, code: 'INVALID_INPUT' });
    }
  });

  it('leaves whole surrogate pairs (an emoji) and other characters alone', async () => {
    const note = await asUser('adminOfA')('POST', '/api/v1.0/account-notes', {
      accountId: world.accountB,
      note: 'Visit 😀 \ufffd \uffff done',
    });
    expect(note.status).not.toBe(400);
  });
});

describe('numbers and ids', () => {
  it('refuses a terms version beyond the database column (was a 500)', async () => {
    for (const version of [1e21, 2147483648, 1.5, -1]) {
      const res = await send('PATCH', '/api/v1.0/users/terms-and-conditions', { version });
      expect(res.status).toBe(400);
      expect(res.body.field).toBe('version');
    }
  });

  it('does not read " 1", "01", "1.0" or a huge number as an id', async () => {
    const id = world.accountA;
    expect((await send('GET', `/api/v1.0/organisation/account/${id}`)).status).toBe(200);
    for (const text of [`%20${id}`, `${id}%20`, `0${id}`, `${id}.0`, `+${id}`, '99999999999', '9'.repeat(30)]) {
      expect((await send('GET', `/api/v1.0/organisation/account/${text}`)).status).toBe(404);
    }
    expect((await send('GET', `/api/v1.0/account-notes?accountId=%20${id}&page=0&size=10`)).status).toBe(404);
    expect((await send('GET', '/api/v1.0/tasks/%201')).status).toBe(400);
    expect((await send('GET', `/api/v1.0/account-notes?accountId=${id}&page=99999999999&size=10`)).status).toBe(400);
  });
});

describe('limits', () => {
  const nested = (depth: number) => ({ note: JSON.parse('['.repeat(depth) + ']'.repeat(depth)) });

  it('refuses JSON nested deeper than the limit, a string or list over its limit, and too many fields', async () => {
    const ok = await send('POST', '/api/v1.0/request-notes', nested(inputLimits.jsonDepth - 1));
    expect(ok.body.message).not.toMatch(/nests/);
    const deep = await send('POST', '/api/v1.0/request-notes', nested(inputLimits.jsonDepth));
    expect(deep.status).toBe(400);
    expect(deep.body.message).toBe(`The request nests lists and objects more than ${inputLimits.jsonDepth} deep`);
    const veryDeep = await send(
      'POST',
      '/api/v1.0/request-notes',
      `{"note":${'['.repeat(400_000)}${']'.repeat(400_000)}}`,
    );
    expect(veryDeep.status).toBe(400);
    const long = await send('POST', '/api/v1.0/request-notes', { note: 'x'.repeat(inputLimits.stringLength + 1) });
    expect(long.body).toEqual({
      code: 'INVALID_INPUT',
      message: `note is longer than ${inputLimits.stringLength} characters`,
      field: 'note',
    });
    const list = await send('POST', '/api/v1.0/organisation/account-onboarding/emails', {
      emails: Array.from({ length: inputLimits.listLength + 1 }, () => 'a@b.c'),
    });
    expect(list.body.message).toBe(`emails has more than ${inputLimits.listLength} items`);
    const fields = await send(
      'POST',
      '/api/v1.0/request-notes',
      Object.fromEntries(Array.from({ length: inputLimits.objectKeys + 1 }, (_, i) => [`f${i}`, 1])),
    );
    expect(fields.body.message).toBe(`The request has more than ${inputLimits.objectKeys} fields`);
  });

  it('answers a body over the limit with 413, malformed JSON and bad percent-encoding with 400, all as JSON', async () => {
    const big = await send('POST', '/api/v1.0/request-notes', JSON.stringify({ note: 'n'.repeat(10 * 1024 * 1024) }));
    expect(big.status).toBe(413);
    expect(big.body.code).toBe('PAYLOAD_TOO_LARGE');
    const malformed = await send('POST', '/api/v1.0/request-notes', '{"note":');
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('BAD_REQUEST');
    const percent = await send('GET', '/api/v1.0/requests/%E0%A4%A');
    expect(percent.status).toBe(400);
    expect(percent.body.message).toBe('The address is not valid');
  });

  it('answers an address over the limit with 414 and headers over Node’s limit with 431, in JSON with the security headers', async () => {
    const long = await send('GET', `/api/v1.0/terms?x=${'a'.repeat(inputLimits.urlLength)}`);
    expect(long.status).toBe(414);
    expect(long.body.code).toBe('URI_TOO_LONG');
    // Node refuses this before Koa sees it; fetch would refuse to send such a header, so write it raw.
    const raw = await new Promise<string>((resolve, reject) => {
      const { port } = new URL(api.url);
      const socket = net.connect(Number(port), '127.0.0.1', () =>
        socket.end(`GET /api/v1.0/terms HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`),
      );
      let text = '';
      socket.on('data', (d) => (text += d.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 431 /);
    expect(raw).toMatch(/\r\nX-Content-Type-Options: nosniff\r\n/);
    expect(raw).toMatch(/frame-ancestors 'none'/);
    expect(JSON.parse(raw.split('\r\n\r\n')[1])).toEqual({
      code: 'HEADERS_TOO_LARGE',
      message: 'The address or the headers of the request are too large',
    });
  });
});
