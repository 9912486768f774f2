// The fault run's published-data check finds what it is there to find: a build's version with its
// files as the workflow writes them passes, and each planted fault is reported — a row missing
// from the CSV (files otherwise whole), a workbook from an older snapshot, a file whose bytes are
// not its SHA-256, a report submitted before the build missing from it, a version left building,
// two complete versions from one build, a failed version served. (A check that cannot fail is no
// check.) Files are made by the published-data activity itself, from reports in the test database.
import { createHash } from 'node:crypto';
import '../../processes';
import { createDb, dropDatabase, type Db } from '../../infra/db';
import { createTestDatabase } from '../../test/setup/test-database';
import { buildDatasetFiles } from '../../activities/published-data';
import { createAccount, createSubmittedReport, createUser, type TestUser } from '../../test/factories';
import { completeReport, withUndertaking } from '../../test/fixtures/notification-reports';
import { checkPublications, type FetchFile } from './publication-checks';
import type { Build } from './publisher';
import { emptyReport } from './report';

const CA = 'NORTHERN_IRELAND';
const REPORT_TYPE = 'NOC_SUBMITTED_DATA_P3';
const REQUEST_TYPE = 'NOTIFICATION_OF_COMPLIANCE_P3';

let db: Db;
let regulator: TestUser;
let version = 0;
const reportIds: string[] = [];

// A database of its own: its builds read every report of the authority, and the run's shared
// database has other files' accounts in every authority (api/routes/mi-reports.test.ts counts them).
let url: string;
beforeAll(async () => {
  url = await createTestDatabase();
  db = createDb(url, { min: 0, max: 3 });
  regulator = await createUser(db);
  for (let i = 0; i < 2; i++) await submitOne();
});
afterAll(async () => {
  await db.destroy();
  await dropDatabase(url);
});

async function submitOne(): Promise<string> {
  const account = await createAccount(db, { competentAuthority: CA });
  const requestId = `NOC${String(account.id).padStart(6, '0')}-P3`;
  await createSubmittedReport(db, {
    account,
    requestType: REQUEST_TYPE,
    requestId,
    data: withUndertaking(completeReport('esos95To100'), { name: account.name, registrationNumber: null }).report,
  });
  reportIds.push(requestId);
  return requestId;
}

type Built = Awaited<ReturnType<typeof buildDatasetFiles>>;
const build = (): Promise<Built> =>
  buildDatasetFiles(db, { competent_authority: CA, report_type: REPORT_TYPE, phase: 'P3', version: 1 });

const lastId = async () =>
  Number((await db('published_datasets').max<{ id: number }[]>({ id: 'id' }).first())?.id ?? 0);

/** A version as the workflow leaves it (files and digests from `built`), with `status`. */
async function plantVersion(status: string, built: Built | null): Promise<number> {
  const [row] = await db('published_datasets')
    .insert({
      competent_authority: CA,
      report_type: REPORT_TYPE,
      phase: 'P3',
      version: ++version,
      status,
      progress: built ? 'DONE' : 'READING',
      description: 'planted',
      requested_by: regulator.id,
      workflow_id: `published-data-planted-${version}`,
      row_count: built?.rows ?? null,
      row_digests: built ? JSON.stringify(built.digests) : null,
      published_at: status === 'PUBLISHED' ? db.fn.now() : null,
    })
    .returning(['id']);
  if (built) await db('published_dataset_files').insert(built.files.map((f) => ({ dataset_id: row.id, ...f })));
  return Number(row.id);
}

/** The API as the check reads it: a regulator is sent any version's stored file, anyone a published one's. */
const api: FetchFile = async (id, format, publicly) => {
  const file = await db('published_dataset_files as f')
    .join('published_datasets as d', 'd.id', 'f.dataset_id')
    .where({ 'f.dataset_id': id, 'f.format': format })
    .first('f.content', 'd.status');
  if (!file || (publicly && file.status !== 'PUBLISHED')) return { status: 404, bytes: Buffer.alloc(0) };
  return { status: 200, bytes: file.content as Buffer };
};

/** Runs `plant` (which makes the build's versions) and answers what the check reports. */
async function check(plant: () => Promise<unknown>, options: { before?: string[]; fetchFile?: FetchFile } = {}) {
  const afterId = await lastId();
  await plant();
  const b: Build = {
    reportType: REPORT_TYPE,
    afterId,
    lastId: await lastId(),
    before: options.before ?? [...reportIds],
  };
  const anomalies: string[] = [];
  const report = emptyReport(1);
  await checkPublications(db, [b], options.fetchFile ?? api, report, (a) => anomalies.push(a));
  return { anomalies, report };
}

/** The same files with the CSV's last row taken off, its size and SHA-256 made to match. */
function withoutLastCsvRow(built: Built): Built {
  const files = built.files.map((f) => {
    if (f.format !== 'csv') return f;
    const lines = f.content.toString('utf8').split('\r\n');
    const content = Buffer.from([...lines.slice(0, -2), ''].join('\r\n'), 'utf8');
    return { ...f, content, size: content.length, sha256: createHash('sha256').update(content).digest('hex') };
  });
  return { ...built, files };
}

it('passes a build whose one version is complete and published, and one whose start failed before its version read anything', async () => {
  const built = await build();
  expect(built.rows).toBeGreaterThanOrEqual(2);
  const { anomalies, report } = await check(async () => {
    await plantVersion('FAILED', null);
    await plantVersion('PUBLISHED', built);
  });
  expect(anomalies).toEqual([]);
  expect(report.publications).toMatchObject({ published: 1, failed: 1 });
});

it('reports a CSV missing a row, though its size and SHA-256 match its bytes', async () => {
  const built = await build();
  const { anomalies } = await check(() => plantVersion('PUBLISHED', withoutLastCsvRow(built)));
  expect(anomalies).toEqual([expect.stringMatching(/\(NOC_SUBMITTED_DATA_P3\) csv: \d+ rows, not \d+$/)]);
});

it('reports a workbook written from another snapshot than its CSV and row digests', async () => {
  const older = await build();
  await submitOne();
  const newer = await build();
  const mixed: Built = { ...newer, files: newer.files.map((f) => (f.format === 'xlsx' ? older.files[0]! : f)) };
  expect(older.files[0]!.format).toBe('xlsx');
  const { anomalies } = await check(() => plantVersion('PUBLISHED', mixed));
  expect(anomalies.length).toBeGreaterThan(0);
  expect(anomalies.every((a) => /xlsx sheet '.+': \d+ rows, not \d+$/.test(a))).toBe(true);
});

it('reports a file whose bytes are not the SHA-256 its row says, and a regulator sent other bytes', async () => {
  const built = await build();
  const [xlsx, csv] = built.files;
  const { anomalies } = await check(() =>
    plantVersion('PUBLISHED', { ...built, files: [xlsx!, { ...csv!, sha256: 'f'.repeat(64) }] }),
  );
  expect(anomalies).toEqual([
    expect.stringContaining('csv: its SHA-256 is not the one its row says'),
    expect.stringContaining('csv: its regulator was sent 200'),
    expect.stringMatching(/version \d+'s public csv answered 200, not its stored file$/),
  ]);
});

it('reports a version lacking a report submitted before its build was asked for', async () => {
  const built = await build();
  const late = await submitOne();
  const { anomalies } = await check(() => plantVersion('PUBLISHED', built));
  expect(anomalies).toEqual([expect.stringContaining(`lacks 1 report(s) submitted before it was asked for (${late})`)]);
});

it('reports a version left building: half a version', async () => {
  const { anomalies } = await check(() => plantVersion('BUILDING', null));
  expect(anomalies).toEqual([expect.stringMatching(/is BUILDING \(progress READING\) after the run: half a version$/)]);
  await db('published_datasets').where({ status: 'BUILDING', competent_authority: CA }).update({ status: 'FAILED' });
});

it('reports one build that made two complete versions', async () => {
  const built = await build();
  const { anomalies } = await check(async () => {
    await plantVersion('PUBLISHED', built);
    await plantVersion('PUBLISHED', built);
  });
  expect(anomalies).toEqual([expect.stringMatching(/one build of NOC_SUBMITTED_DATA_P3 made 2 complete versions/)]);
});

it('reports a failed version whose file is served', async () => {
  const built = await build();
  const servesAnything: FetchFile = (id, format) => api(id, format, false);
  const { anomalies } = await check(() => plantVersion('FAILED', built), { fetchFile: servesAnything });
  expect(anomalies).toEqual([expect.stringMatching(/failed, yet its CSV is served \(200\)$/)]);
});
