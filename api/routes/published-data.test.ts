// Published data end to end on the server: a regulator with 'Publish data' builds a version of an
// authority's notifications, the publishDataset workflow (real Temporal dev server, real worker)
// writes the .xlsx and CSV, the regulator reviews the exact files and the free-text counts and
// publishes it, anyone downloads them (revalidated, limited per address), a later submission appears
// only in the next version with its change log, a withdrawn version is kept, listed publicly as
// withdrawn with its reason and no longer served, and everyone else is refused. Its own database, so
// the public list holds only what this file publishes.
import http from 'node:http';
import ExcelJS from 'exceljs';
import { DefaultLogger, Runtime, Worker, bundleWorkflowCode } from '@temporalio/worker';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Client } from '@temporalio/client';
import '../../processes';
import { startApi, type ApiHarness } from '../../test/api-harness';
import { startTestTemporal } from '../../test/temporal';
import { createTestDatabase } from '../../test/setup/test-database';
import { bearer, verifyTestToken } from '../../test/tokens';
import {
  createAccount,
  createSubmittedReport,
  createUser,
  createVerificationBody,
  grantOperator,
  grantRegulator,
  grantVerifier,
  type TestAccount,
  type TestUser,
} from '../../test/factories';
import { completeReport, withUndertaking } from '../../test/fixtures/notification-reports';
import { createDb, dropDatabase, type Db } from '../../infra/db';
import { loadConfig } from '../../infra/config';
import { withAuditContext } from '../../activities/audit-context';
import { createPublishedDataActivities } from '../../activities/published-data';
import { allRegulatorPermissions } from '../../domain/authorities';
import type { PublicDatasetPage, PublishedVersion } from '../../domain/published-data';

let env: TestWorkflowEnvironment;
let worker: Worker;
let running: Promise<void>;
let api: ApiHarness;
let db: Db;
let databaseUrl: string;
let publisher: TestUser;
let wales: TestUser;
let withoutPermission: TestUser;
let operator: TestUser;
let verifier: TestUser;
const england: TestAccount[] = [];

const PERSONAL = [
  'Priya',
  'Shah',
  'Hannah',
  'Okafor',
  'Margaret',
  'Ellis',
  'Gareth',
  '@',
  '1228 960124',
  'Energy Institute',
  'Membership number',
  'Job title',
];

async function submitNotification(account: TestAccount, n: number) {
  const draft = withUndertaking(completeReport('esos95To100'), {
    name: account.name,
    registrationNumber: `0800${String(n).padStart(4, '0')}`,
  });
  await createSubmittedReport(db, {
    account,
    requestType: 'NOTIFICATION_OF_COMPLIANCE_P3',
    requestId: `NOC${String(account.id).padStart(6, '0')}-P3`,
    data: draft.report,
  });
}

beforeAll(async () => {
  Runtime.install({ logger: new DefaultLogger('WARN') });
  const [temporalEnv, bundle, url] = await Promise.all([
    startTestTemporal(),
    bundleWorkflowCode({
      workflowsPath: require.resolve('../../workflows/published-data'),
      logger: new DefaultLogger('WARN'),
    }),
    createTestDatabase(),
  ]);
  env = temporalEnv;
  databaseUrl = url;
  db = createDb(databaseUrl, { min: 0, max: 5 });
  const taskQueue = `published-data-${process.pid}`;
  const base = loadConfig();
  api = await startApi({
    db,
    config: { ...base, databaseUrl, temporal: { ...base.temporal, taskQueue } },
    temporal: () => Promise.resolve(env.client as Client),
    verifyToken: verifyTestToken,
  });
  worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue,
    workflowBundle: bundle,
    activities: withAuditContext(createPublishedDataActivities({ db })),
  });
  running = worker.run();

  publisher = await createUser(db, { firstName: 'Pat', lastName: 'Publisher' });
  await grantRegulator(db, publisher, 'ENGLAND');
  wales = await createUser(db);
  await grantRegulator(db, wales, 'WALES');
  withoutPermission = await createUser(db);
  await grantRegulator(
    db,
    withoutPermission,
    'ENGLAND',
    allRegulatorPermissions.filter((p) => p !== 'PERM_PUBLISHED_DATA_EDIT'),
  );
  for (let i = 0; i < 3; i++)
    england.push(await createAccount(db, { competentAuthority: 'ENGLAND', name: `English Organisation ${i}` }));
  operator = await createUser(db);
  await grantOperator(db, operator, england[0]!, 'operator_admin');
  verifier = await createUser(db);
  await grantVerifier(db, verifier, await createVerificationBody(db));
  await submitNotification(england[0]!, 0);
  await submitNotification(england[1]!, 1);
  // Wales's notification is never in England's data.
  await submitNotification(await createAccount(db, { competentAuthority: 'WALES', name: 'Welsh Organisation' }), 9);
}, 120_000);

afterAll(async () => {
  worker?.shutdown();
  await running;
  await api?.close();
  await db?.destroy();
  if (databaseUrl) await dropDatabase(databaseUrl);
  await env?.teardown();
});

async function call(path: string, user: TestUser | null, init: { method?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(user ? await bearer(user) : {}) };
  return api.request(`/api/v1.0${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** Builds a version and waits for the workflow to finish; answers the version, ready to review. */
async function build(description: string): Promise<PublishedVersion> {
  const res = await call('/published-data/versions', publisher, {
    method: 'POST',
    body: { reportType: 'NOC_SUBMITTED_DATA_P3', description },
  });
  expect(res.status).toBe(202);
  expect(res.body).toMatchObject({ status: 'BUILDING', title: 'Notification of Compliance, phase 3', description });
  const deadline = Date.now() + 30_000;
  for (;;) {
    const now = await call(`/published-data/versions/${res.body.id}`, publisher);
    if (now.body.status !== 'BUILDING') return now.body;
    if (Date.now() > deadline) throw new Error('not built in time');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Builds a version, then publishes it after its review. */
async function publish(description: string): Promise<PublishedVersion> {
  const ready = await build(description);
  expect(ready.status).toBe('READY');
  const res = await call(`/published-data/versions/${ready.id}/publish`, publisher, { method: 'POST' });
  expect(res).toMatchObject({ status: 200, body: { status: 'PUBLISHED', publishedBy: 'Pat Publisher' } });
  return res.body;
}

/** A GET from another loopback address (127.0.0.x), as a visitor from elsewhere. */
function getFrom(localAddress: string, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${api.url}/api${path}`, { localAddress }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
}

async function download(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${api.url}/api${url}`, { headers });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function sheetRows(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const values = (ws: ExcelJS.Worksheet) => {
    const rows: string[][] = [];
    ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    return rows;
  };
  return Object.fromEntries(workbook.worksheets.map((ws) => [ws.name, values(ws)]));
}

let first: PublishedVersion;

it('refuses publishing to operators, verifiers, regulators without the permission and anonymous callers', async () => {
  const body = { reportType: 'NOC_SUBMITTED_DATA_P3', description: 'Notifications' };
  expect((await call('/published-data/versions', operator, { method: 'POST', body })).status).toBe(403);
  expect((await call('/published-data/versions', verifier, { method: 'POST', body })).status).toBe(403);
  expect((await call('/published-data/versions', withoutPermission, { method: 'POST', body })).status).toBe(403);
  expect((await call('/published-data/versions', null, { method: 'POST', body })).status).toBe(401);
  expect((await call('/published-data/versions?page=0&size=10', operator)).status).toBe(403);
  expect(await db('published_datasets').count({ n: '*' }).first()).toEqual({ n: '0' });
});

it('answers bad input with 400 and unknown versions with 404', async () => {
  expect(
    await call('/published-data/versions', publisher, {
      method: 'POST',
      body: { reportType: 'CUSTOM', description: 'x' },
    }),
  ).toMatchObject({ status: 400, body: { message: 'reportType: Select the data to publish' } });
  expect(
    await call('/published-data/versions', publisher, {
      method: 'POST',
      body: { reportType: 'NOC_SUBMITTED_DATA_P3', description: '  ' },
    }),
  ).toMatchObject({ status: 400, body: { message: 'description: Enter a description of the data' } });
  expect(
    (
      await call('/published-data/versions', publisher, {
        method: 'POST',
        body: { reportType: 'NOC_SUBMITTED_DATA_P3', description: 'x'.repeat(501) },
      })
    ).status,
  ).toBe(400);
  expect((await call('/published-data?page=-1&size=10', null)).status).toBe(400);
  expect((await call('/published-data/versions/abc', publisher)).status).toBe(404);
  expect((await call('/published-data/1/files/pdf', null)).status).toBe(404);
});

it('publishes one version of a dataset at a time', async () => {
  // An action plan version still being built (its workflow never started here).
  const [busy] = await db('published_datasets')
    .insert({
      competent_authority: 'ENGLAND',
      report_type: 'ACTION_PLAN_SUBMITTED_DATA_P3',
      phase: 'P3',
      version: 1,
      status: 'BUILDING',
      description: 'Busy',
      requested_by: publisher.id,
      workflow_id: 'none',
    })
    .returning('id');
  const again = await call('/published-data/versions', publisher, {
    method: 'POST',
    body: { reportType: 'ACTION_PLAN_SUBMITTED_DATA_P3', description: 'Action plans' },
  });
  expect(again).toMatchObject({ status: 409, body: { code: 'PUBLISHED_DATA_BUSY' } });
  await db('published_datasets').where({ id: busy.id }).update({ status: 'FAILED' });
  // Not published: neither listed nor served.
  expect((await call('/published-data?page=0&size=10', null)).body.total).toBe(0);
});

it("publishes the authority's notifications: one row each, no contact details, served to anyone with caching headers", async () => {
  first = await publish('Notifications submitted by 5 January');
  expect(first).toMatchObject({
    status: 'PUBLISHED',
    version: 1,
    rows: 2,
    requestedBy: 'Pat Publisher',
    changes: { since: null, changed: [], removed: [] },
  });
  expect(first.changes!.added.map((a) => a.organisationName).sort()).toEqual([
    'English Organisation 0',
    'English Organisation 1',
  ]);

  const list = await call('/published-data?page=0&size=10', null);
  expect(list.status).toBe(200);
  const page = list.body as PublicDatasetPage;
  expect(page.total).toBe(1);
  expect(page.items[0]).toMatchObject({
    id: first.id,
    publisher: 'Environment Agency',
    version: 1,
    rows: 2,
    description: 'Notifications submitted by 5 January',
  });
  const [xlsx, csv] = page.items[0]!.files;
  expect(xlsx).toMatchObject({ format: 'xlsx', fileName: 'Energy_Savings_Opportunity_Scheme_Phase_3_ENGLAND_v1.xlsx' });
  expect(csv).toMatchObject({ format: 'csv', fileName: 'Energy_Savings_Opportunity_Scheme_Phase_3_ENGLAND_v1.csv' });

  const { res, bytes } = await download(xlsx!.url);
  expect(res.status).toBe(200);
  // Kept by caches but asked again each time, so a withdrawal takes effect at once.
  expect(res.headers.get('cache-control')).toBe('public, no-cache');
  expect(res.headers.get('content-disposition')).toContain('Energy_Savings_Opportunity_Scheme_Phase_3_ENGLAND_v1.xlsx');
  expect(bytes.length).toBe(xlsx!.size);
  const etag = res.headers.get('etag')!;
  expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
  expect((await download(xlsx!.url, { 'if-none-match': etag })).res.status).toBe(304);
  // The 304 is answered from the file's row without its bytes: it holds even when they cannot be read.
  const content = await db('published_dataset_files').where({ dataset_id: first.id, format: 'xlsx' }).first('content');
  await db('published_dataset_files')
    .where({ dataset_id: first.id, format: 'xlsx' })
    .update({ content: Buffer.alloc(0) });
  expect((await download(xlsx!.url, { 'if-none-match': etag })).res.status).toBe(304);
  await db('published_dataset_files').where({ dataset_id: first.id, format: 'xlsx' }).update(content);

  const sheets = await sheetRows(bytes);
  expect(Object.keys(sheets)[0]).toBe('Table of contents');
  const obligations = sheets['Reporting Obligation']!;
  expect(
    obligations
      .slice(1)
      .map((r) => r[1])
      .sort(),
  ).toEqual(['English Organisation 0', 'English Organisation 1']);
  const everything = JSON.stringify(sheets);
  for (const text of PERSONAL) expect(everything).not.toContain(text);
  expect(everything).not.toContain('Welsh Organisation');

  const csvText = (await download(csv!.url)).bytes.toString('utf8');
  expect(csvText.trim().split('\r\n')).toHaveLength(3);
  for (const text of PERSONAL) expect(csvText).not.toContain(text);
});

it('builds a version for review first: the exact files to its regulators only, free-text counts, then publish', async () => {
  const ready = await build('Reviewed before publishing');
  expect(ready).toMatchObject({ status: 'READY', publishedAt: null, rows: 2 });
  // The free-text columns with how many cells hold text: the organisation's trading name is one.
  const trading = ready.freeText!.find((c) => /Trading name/i.test(c.column));
  expect(trading).toMatchObject({ cells: 2 });
  expect(ready.freeText!.every((c) => !/membership|job title|email|first name/i.test(c.column))).toBe(true);
  // Not public yet: neither listed nor served; its files to its regulators only.
  expect(
    (await call('/published-data?page=0&size=10', null)).body.items.map((i: { id: number }) => i.id),
  ).not.toContain(ready.id);
  expect((await download(`/v1.0/published-data/${ready.id}/files/csv`)).res.status).toBe(404);
  const preview = ready.files.find((f) => f.format === 'csv')!;
  expect(preview.url).toBe(`/v1.0/published-data/versions/${ready.id}/files/csv`);
  const reviewed = await api.request(`/api${preview.url}`, { headers: await bearer(publisher) });
  expect(reviewed.status).toBe(200);
  // Kept by no cache; a reviewer's browser asking again with its ETag is told nothing changed.
  expect(reviewed.headers.get('cache-control')).toBe('private, no-store');
  const unchanged = await api.request(`/api${preview.url}`, {
    headers: { ...(await bearer(publisher)), 'if-none-match': reviewed.headers.get('etag')! },
  });
  expect(unchanged.status).toBe(304);
  expect((await call(`/published-data/versions/${ready.id}/files/csv`, wales)).status).toBe(404);
  expect((await call(`/published-data/versions/${ready.id}/files/csv`, operator)).status).toBe(403);
  expect((await download(preview.url)).res.status).toBe(401);
  // Another cannot be built while one waits for review; others cannot publish it.
  const again = await call('/published-data/versions', publisher, {
    method: 'POST',
    body: { reportType: 'NOC_SUBMITTED_DATA_P3', description: 'Again' },
  });
  expect(again).toMatchObject({ status: 409, body: { code: 'PUBLISHED_DATA_IN_REVIEW' } });
  expect((await call(`/published-data/versions/${ready.id}/publish`, wales, { method: 'POST' })).status).toBe(404);
  expect(
    (await call(`/published-data/versions/${ready.id}/publish`, withoutPermission, { method: 'POST' })).status,
  ).toBe(403);
  // Withdrawn unpublished: never listed publicly.
  expect(
    await call(`/published-data/versions/${ready.id}/withdraw`, publisher, {
      method: 'POST',
      body: { reason: 'A free-text answer names a person' },
    }),
  ).toMatchObject({ status: 200, body: { status: 'WITHDRAWN' } });
  expect((await call(`/published-data/versions/${ready.id}/publish`, publisher, { method: 'POST' })).status).toBe(409);
  expect(
    (await call('/published-data?page=0&size=10', null)).body.items.map((i: { id: number }) => i.id),
  ).not.toContain(ready.id);
});

it('limits anonymous downloads per address, each address on its own', async () => {
  const url = first.files[1]!.url;
  const statuses: number[] = [];
  for (let i = 0; i < 61; i++) statuses.push(await getFrom('127.0.0.61', url));
  expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
  expect(statuses[60]).toBe(429);
  // Someone else is still served.
  expect(await getFrom('127.0.0.62', url)).toBe(200);
});

it('shows a later submission and a changed report only in the next version, with the change log', async () => {
  await submitNotification(england[2]!, 2);
  const changed = withUndertaking(completeReport('esos95To100'), {
    name: 'English Organisation 1',
    registrationNumber: '08000001',
  });
  (changed.report.responsibleUndertaking!.tradingDetails as Record<string, unknown>).tradingName = 'Renamed Freight';
  await db('reports')
    .where({ account_id: england[1]!.id })
    .update({ data: JSON.stringify(changed.report) });

  const second = await publish('Notifications submitted by 12 January');
  // Version 2 was built and withdrawn before it was published (the review above).
  expect(second).toMatchObject({ version: 3, rows: 3 });
  expect(second.changes).toEqual({
    since: 1,
    added: [
      { requestId: `NOC${String(england[2]!.id).padStart(6, '0')}-P3`, organisationName: 'English Organisation 2' },
    ],
    changed: [
      { requestId: `NOC${String(england[1]!.id).padStart(6, '0')}-P3`, organisationName: 'English Organisation 1' },
    ],
    removed: [],
  });
  // The first version's files are as they were.
  const firstSheets = await sheetRows((await download(first.files[0]!.url)).bytes);
  expect(firstSheets['Reporting Obligation']!).toHaveLength(3);
  expect(JSON.stringify(firstSheets)).not.toContain('English Organisation 2');
  const secondSheets = await sheetRows((await download(second.files[0]!.url)).bytes);
  expect(secondSheets['Reporting Obligation']!).toHaveLength(4);

  // Wales sees none of England's versions.
  expect((await call(`/published-data/versions/${second.id}`, wales)).status).toBe(404);
  expect((await call('/published-data/versions?page=0&size=10', wales)).body.total).toBe(0);
  expect((await call(`/published-data/versions/${second.id}/withdraw`, wales, { method: 'POST' })).status).toBe(404);
});

it('withdraws a version: kept and listed for its regulators, no longer listed or served to the public, audited', async () => {
  const versions = (await call('/published-data/versions?page=0&size=10', publisher)).body.items as PublishedVersion[];
  const second = versions.find((v) => v.version === 3)!;
  const reason = 'An organisation’s figures were entered wrongly';
  expect(
    await call(`/published-data/versions/${second.id}/withdraw`, publisher, { method: 'POST', body: { reason: ' ' } }),
  ).toMatchObject({ status: 400, body: { message: 'reason: Enter why the data is withdrawn' } });
  expect((await call(`/published-data/versions/${second.id}/withdraw`, publisher, { method: 'POST' })).status).toBe(
    400,
  );
  const withdrawn = await call(`/published-data/versions/${second.id}/withdraw`, publisher, {
    method: 'POST',
    body: { reason },
  });
  expect(withdrawn).toMatchObject({
    status: 200,
    body: { status: 'WITHDRAWN', withdrawnBy: 'Pat Publisher', withdrawalReason: reason, files: [] },
  });
  expect(
    (await call(`/published-data/versions/${second.id}/withdraw`, publisher, { method: 'POST', body: { reason } }))
      .status,
  ).toBe(409);

  // Listed publicly as withdrawn, with the date and the reason, and no files.
  const page = (await call('/published-data?page=0&size=10', null)).body as PublicDatasetPage;
  expect(page.items.map((i) => [i.version, i.status])).toEqual([
    [3, 'WITHDRAWN'],
    [1, 'PUBLISHED'],
  ]);
  expect(page.items[0]).toMatchObject({ withdrawalReason: reason, files: [] });
  expect(page.items[0]!.withdrawnAt).toEqual(expect.any(String));
  expect(page.items[1]).toMatchObject({ withdrawalReason: null, withdrawnAt: null });
  expect((await download(second.files[0]!.url)).res.status).toBe(404);
  expect((await call(`/published-data/versions/${second.id}`, publisher)).body).toMatchObject({
    status: 'WITHDRAWN',
    rows: 3,
  });

  // The next version compares with the version still served.
  const third = await publish('Notifications again');
  expect(third).toMatchObject({ version: 4, changes: { since: 1 } });

  const audit = await db('audit_log')
    .where({ entity: 'published_datasets', entity_key: String(second.id) })
    .orderBy('id')
    .select('operation', 'actor_user_id', 'details');
  expect(audit[0]).toMatchObject({ operation: 'INSERT', actor_user_id: publisher.id });
  expect(audit.some((a) => a.actor_user_id === publisher.id && a.details.values?.status?.to === 'PUBLISHED')).toBe(
    true,
  );
  expect(audit.at(-1)).toMatchObject({
    operation: 'UPDATE',
    actor_user_id: publisher.id,
    details: { values: { status: { from: 'PUBLISHED', to: 'WITHDRAWN' } } },
  });
});
