// The company lookup against the embedded register (the seeded table) and against a fake
// Companies House API started here (an outside system, so a local stand-in is fair).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startApi, type ApiHarness } from '../../test/api-harness';
import { bearer, verifyTestToken } from '../../test/tokens';
import { createUser } from '../../test/factories';
import { COMPANIES_HOUSE_CONTACT_HELPDESK, COMPANIES_HOUSE_TRY_LATER } from '../companies/errors';

let api: ApiHarness;
let auth: { authorization: string };
const savedEnv = { ...process.env };

beforeAll(async () => {
  api = await startApi({ verifyToken: verifyTestToken });
  auth = await bearer(await createUser(api.deps.db));
});
afterAll(async () => {
  process.env = savedEnv;
  await api.close();
});

const lookup = (crn: string) => api.request(`/api/v1.0/company-information/${crn}`, { headers: auth });

describe('local register (COMPANY_REGISTER unset)', () => {
  beforeEach(() => {
    delete process.env.COMPANY_REGISTER;
  });

  it('holds a few hundred companies across the four nations in the real number formats', async () => {
    const rows = await api.deps.db('company_register').select('registration_number', 'country');
    expect(rows.length).toBeGreaterThanOrEqual(300);
    expect(new Set(rows.map((r) => r.country))).toEqual(new Set(['England', 'Wales', 'Scotland', 'Northern Ireland']));
    for (const prefix of ['SC', 'NI', 'OC'])
      expect(rows.some((r) => r.registration_number.startsWith(prefix))).toBe(true);
    expect(rows.every((r) => /^(?:\d{8}|[A-Z]\d{7}|[A-Z]{2}\d{5}[A-Z0-9])$/.test(r.registration_number))).toBe(true);
  });

  it('answers the profile of a Scottish company, with its location', async () => {
    const row = await api.deps
      .db('company_register')
      .where('registration_number', 'like', 'SC%')
      .orderBy('registration_number')
      .first();
    const res = await lookup(row.registration_number.toLowerCase());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      registrationNumber: row.registration_number,
      name: row.name,
      address: {
        line1: row.address_line1,
        line2: row.address_line2,
        city: row.locality,
        county: row.region,
        postcode: row.postcode,
        country: 'Scotland',
      },
      sicCodes: row.sic_codes,
      location: 'SCOTLAND',
    });
  });

  it('says when the number is unknown or malformed, and needs a signed-in caller', async () => {
    expect((await lookup('99999999')).body).toEqual({
      code: 'NOTFOUND1001',
      message: 'The registration number was not found at the Companies House',
      field: 'registrationNumber',
    });
    const bad = await lookup('123');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(
      'If your Company Registration Number has fewer than 8 numbers, add zeroes at the start',
    );
    expect((await api.request('/api/v1.0/company-information/01234567')).status).toBe(401);
  });
});

describe('Companies House (COMPANY_REGISTER=companies-house)', () => {
  let fake: http.Server;
  let seen: { url?: string; authorization?: string }[];
  let reply: (req: http.IncomingMessage, res: http.ServerResponse) => void;

  beforeAll(async () => {
    fake = http.createServer((req, res) => {
      seen.push({ url: req.url, authorization: req.headers.authorization });
      reply(req, res);
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    process.env.COMPANY_REGISTER = 'companies-house';
    process.env.COMPANIES_HOUSE_API_URL = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
    process.env.COMPANIES_HOUSE_API_KEY = 'test-key-123';
    process.env.COMPANIES_HOUSE_TIMEOUT_MS = '500';
  });
  beforeEach(() => {
    seen = [];
  });
  afterAll(async () => {
    fake.closeAllConnections();
    await new Promise<void>((resolve) => fake.close(() => resolve()));
  });

  const json = (status: number, body: unknown) => (_req: http.IncomingMessage, res: http.ServerResponse) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  it('asks GET /company/{number} with the key as the basic-auth user and maps the profile', async () => {
    reply = json(200, {
      company_number: 'NI123456',
      company_name: 'LAGAN FOODS LIMITED',
      jurisdiction: 'northern-ireland',
      registered_office_address: {
        premises: '12',
        address_line_1: 'Harbour Road',
        locality: 'Belfast',
        region: 'County Antrim',
        postal_code: 'BT1 2AB',
      },
      sic_codes: ['10110', '10390'],
    });
    const res = await lookup('ni123456');
    expect(seen).toEqual([
      { url: '/company/NI123456', authorization: `Basic ${Buffer.from('test-key-123:').toString('base64')}` },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      registrationNumber: 'NI123456',
      name: 'LAGAN FOODS LIMITED',
      address: {
        line1: '12 Harbour Road',
        line2: null,
        city: 'Belfast',
        county: 'County Antrim',
        postcode: 'BT1 2AB',
        country: null,
      },
      sicCodes: ['10110', '10390'],
      location: 'NORTHERN_IRELAND',
    });
  });

  it.each([
    [404, 404, 'NOTFOUND1001', 'The registration number was not found at the Companies House'],
    [401, 503, 'COMPANYINFO1002', COMPANIES_HOUSE_CONTACT_HELPDESK],
    [429, 503, 'COMPANYINFO1003', COMPANIES_HOUSE_TRY_LATER],
    [500, 503, 'COMPANYINFO1001', COMPANIES_HOUSE_TRY_LATER],
    [502, 503, 'COMPANYINFO1001', COMPANIES_HOUSE_TRY_LATER],
  ])('maps upstream %i to %i %s', async (upstream, status, code, message) => {
    reply = json(upstream, { errors: [{ error: 'upstream detail' }] });
    const res = await lookup('01234567');
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ code, message });
  });

  it('gives up after the timeout with a try-later message', async () => {
    reply = () => undefined; // never answers
    const started = Date.now();
    const res = await lookup('01234567');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: 'COMPANYINFO1001', message: COMPANIES_HOUSE_TRY_LATER });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('treats a body that is not JSON as the service being unavailable', async () => {
    reply = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>maintenance</html>');
    };
    expect((await lookup('01234567')).status).toBe(503);
  });
});
