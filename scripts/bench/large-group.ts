// `npm run bench -- --large-group`: a large group's reports beside the demo-sized ones, in one run
// (issue 37). The notification with 1,000 associated organisations and 50 energy audits, the action
// plan with 100 measures and progress update 1 copying them (test/fixtures/large-group.ts), against
// the complete fixtures (3 organisations, 2 audits, 2 measures). For each report, small and large:
//
// - saving one item: the item save over HTTP (the production API in a child process, its own
//   PostgreSQL database), the median of 15 changes of one item, and the largest request body sent;
// - the summary table's call: GET /tasks/{id}, which every page of the report reads (the whole draft:
//   there is no paged call), median time and its size;
// - the task list: what its page works out from that answer (the sections' statuses, ready to submit);
// - the submit check: the SUBMIT action's check, run as the API runs it before the workflow;
// - the PDF: rendered in a fresh Node process, as a worker renders it: time and that process's peak RSS;
// - the MI 'submitted data' row: the cells of the report's row on every sheet of the MI workbook;
// - the published dataset's build: the files of a version (xlsx and CSV) from the one submitted report.
//
// Saves go to the API and the database alone (decision 0003), so no Temporal server is needed.
import { fork } from 'node:child_process';
import os from 'node:os';
import type { Knex } from 'knex';
import { startChild, stopChild } from './children';
import { call } from './load';
import { BASE_DB, loadAverage } from './options';
import { createSigningKey, mint } from './tokens';
import type { ReportDraft } from '../../domain/reports/report';

const groupsDatabaseUrl = (() => {
  const u = new URL(BASE_DB);
  u.pathname = '/esos_bench_groups';
  return u.toString();
})();

/** The goals of issue 37. */
const PER_ITEM_RATIO = 1.5;
const SUBMIT_CHECK_MS = 1000;
const PDF_MS = 10_000;
const PDF_RSS_MB = 400;
const BODY_BYTES = 64 * 1024;

interface Case {
  label: string;
  requestType: string;
  taskType: string;
  save: string;
  submit: string;
  submitted: string;
  draft: (size: Size) => ReportDraft;
  /** One item's save: which item, and its answers on the n-th save (each one a change). */
  itemSave: (draft: ReportDraft, size: Size, n: number) => Record<string, unknown>;
}

type Size = 'small' | 'large';

interface Figures {
  saveMs: number;
  saveBodyBytes: number;
  viewMs: number;
  viewBytes: number;
  taskListMs: number;
  submitCheckMs: number;
  submitCheckOk: boolean;
  pdfMs: number;
  pdfRssMb: number;
  miRowMs: number;
  datasetMs: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function timed<T>(times: number, run: () => Promise<T> | T): Promise<number> {
  const ms: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await run();
    ms.push(performance.now() - started);
  }
  return median(ms);
}

async function cases(): Promise<Case[]> {
  const f = await import('../../test/fixtures/large-group');
  const noc = await import('../../processes/notification-of-compliance/codes');
  const ap = await import('../../processes/action-plan/codes');
  const pu1 = await import('../../processes/progress-update-1/codes');
  const { PU1_MEASURES } = await import('../../processes/progress-update-1/report');
  type Values = Record<string, unknown>;
  const itemsOf = (draft: ReportDraft, section: string, list: string) =>
    (draft.report[section] as Values)[list] as Values[];
  return [
    {
      label: 'notification',
      requestType: 'NOTIFICATION_OF_COMPLIANCE_P3',
      taskType: noc.NOTIFICATION_SUBMIT,
      save: noc.SAVE_NOTIFICATION,
      submit: noc.SUBMIT_NOTIFICATION,
      submitted: 'NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_SUBMITTED',
      draft: (size) => (size === 'large' ? f.largeNotification() : f.smallNotification()),
      // Organisation 700 of 1,000 (the last of 3): its name changed.
      itemSave: (draft, size, n) => {
        const items = itemsOf(draft, 'organisationStructure', 'organisationsAssociatedWithRU');
        const item = size === 'large' ? 699 : items.length - 1;
        return {
          section: 'organisationStructure',
          list: 'organisationsAssociatedWithRU',
          item,
          data: { ...items[item], organisationName: `Renamed Company ${n} Limited` },
        };
      },
    },
    {
      label: 'action plan',
      requestType: 'ACTION_PLAN_P3',
      taskType: ap.ACTION_PLAN_SUBMIT,
      save: ap.SAVE_ACTION_PLAN,
      submit: ap.SUBMIT_ACTION_PLAN,
      submitted: ap.ACTION_PLAN_SUBMITTED,
      draft: (size) => (size === 'large' ? f.largeActionPlan() : f.smallActionPlan()),
      itemSave: (draft, size, n) => {
        const items = itemsOf(draft, 'energyEfficiencyMeasure', 'energyEfficiencyMeasures');
        const item = size === 'large' ? 69 : items.length - 1;
        return {
          section: 'energyEfficiencyMeasure',
          list: 'energyEfficiencyMeasures',
          item,
          data: { ...items[item], measureName: `Renamed measure ${n}` },
        };
      },
    },
    {
      label: 'progress update 1',
      requestType: 'PROGRESS_UPDATE_1_P3',
      taskType: pu1.PROGRESS_UPDATE_1_SUBMIT,
      save: pu1.SAVE_PROGRESS_UPDATE_1,
      submit: pu1.SUBMIT_PROGRESS_UPDATE_1,
      submitted: 'PROGRESS_UPDATE_1_P3_APPLICATION_SUBMITTED',
      draft: (size) => (size === 'large' ? f.largeProgressUpdate1() : f.smallProgressUpdate1()),
      // A copied measure implemented before the plan: its reduction changed.
      itemSave: (draft, _size, n) => {
        const items = itemsOf(draft, PU1_MEASURES, 'progressUpdate1P3Measures');
        const item = 0;
        const answers = items[item]!.progressUpdate1P3EnergyEfficiencyMeasure as Values;
        return {
          section: PU1_MEASURES,
          list: 'progressUpdate1P3Measures',
          item,
          data: {
            ...items[item],
            progressUpdate1P3EnergyEfficiencyMeasure: { ...answers, reductionEnergyConsumption2024To2025: 900 + n },
          },
        };
      },
    },
  ];
}

const ACCOUNT: Record<Size, { id: number; ca: string; user: string }> = {
  small: { id: 1, ca: 'ENGLAND', user: 'op-small' },
  large: { id: 2, ca: 'WALES', user: 'op-large' },
};

/** The bench's database: two accounts, each with its reports as open tasks and as submitted reports. */
async function prepare(all: Case[]): Promise<Knex> {
  const { createDb, dropDatabase, ensureDatabase, migrate } = await import('../../infra/db');
  const { operatorRoles } = await import('../../domain/authorities');
  const { processFor, requestIdOf } = await import('../../processes');
  await dropDatabase(groupsDatabaseUrl);
  await ensureDatabase(groupsDatabaseUrl);
  const db = createDb(groupsDatabaseUrl, { min: 0, max: 2 });
  await migrate(db);
  for (const size of ['small', 'large'] as const) {
    const a = ACCOUNT[size];
    await db('accounts').insert({
      id: a.id,
      organisation_id: `ORG00000${a.id}`,
      name: 'KESTREL LOGISTICS GROUP LIMITED',
      registration_number: `0800492${6 + a.id}`,
      status: 'LIVE',
      competent_authority: a.ca,
      address_line1: '155 Market Place',
      city: 'Carlisle',
    });
    await db.raw(
      `insert into users (id, email, first_name, last_name, terms_version)
      values (?, ?, 'Olive', 'Operator', (select max(version) from terms))`,
      [a.user, `${a.user}@bench.test`],
    );
    await db('authorities').insert({
      user_id: a.user,
      code: 'operator_admin',
      status: 'ACTIVE',
      account_id: a.id,
      permissions: [...operatorRoles.operator_admin.permissions],
    });
    for (const c of all) {
      const id = requestIdOf(processFor(c.requestType)!, a.id);
      const draft = c.draft(size);
      await db('requests').insert({
        id,
        type: c.requestType,
        status: 'IN_PROGRESS',
        account_id: a.id,
        competent_authority: a.ca,
      });
      await db('request_tasks').insert({
        request_id: id,
        type: c.taskType,
        assignee: a.user,
        account_id: a.id,
        competent_authority: a.ca,
        payload: JSON.stringify(draft),
      });
      // The same report as submitted, for the MI report and the published dataset.
      await db('reports').insert({
        request_id: id,
        account_id: a.id,
        type: c.requestType,
        data: JSON.stringify(draft.report),
        submitted_by: a.user,
        submitted_at: new Date(),
      });
    }
  }
  await db.raw(`alter database esos_bench_groups set work_mem = '16MB'`).catch(() => undefined);
  await db.raw('vacuum analyze');
  return db;
}

/** The PDF of a report rendered in a fresh Node process (as a worker renders it): its time and peak RSS. */
function pdfInChild(c: Case, size: Size): Promise<{ ms: number; rssMb: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const child = fork(__filename, ['pdf', c.label, size], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
    child.once('message', (m: { ms: number; rssMb: number; bytes: number }) => resolve(m));
    child.once('exit', (code) => (code ? reject(new Error(`the PDF process exited with ${code}`)) : undefined));
  });
}

async function renderInThisProcess(label: string, size: Size): Promise<void> {
  await import('../../processes');
  const { documentSections } = await import('../../documents/content');
  const { renderSubmissionPdf } = await import('../../documents/pdf');
  const c = (await cases()).find((x) => x.label === label)!;
  const draft = c.draft(size);
  const started = performance.now();
  const pdf = await renderSubmissionPdf({
    title: c.label,
    event: 'Submitted',
    reference: 'BENCH-P3',
    organisation: 'KESTREL LOGISTICS GROUP LIMITED (ID: ORG000001)',
    submittedAt: new Date(),
    submitter: 'Olive Operator',
    sections: documentSections(c.requestType, c.submitted, draft),
  });
  const ms = performance.now() - started;
  process.send!({ ms, rssMb: process.resourceUsage().maxRSS / 1024, bytes: pdf.length });
  process.exit(0);
}

async function measure(c: Case, size: Size, db: Knex, port: number, token: string): Promise<Figures> {
  const { processFor, requestIdOf, taskDefinition } = await import('../../processes');
  const { readyToSubmit, reportDraftOf, taskList } = await import('../../domain/reports/report');
  const { submittedDataSheets } = await import('../../domain/reports/submitted-data');
  const { sectionColumns } = await import('../../domain/reports/columns');
  const { publishableReports } = await import('../../processes/published-data');
  const { buildDatasetFiles } = await import('../../activities/published-data');
  const a = ACCOUNT[size];
  const definition = processFor(c.requestType)!;
  const requestId = requestIdOf(definition, a.id);
  const task = await db('request_tasks').where({ request_id: requestId }).first('id');
  const taskId = Number(task.id);

  // The summary table's call (and every page's): the task view.
  let view = JSON.parse((await call(port, 'GET', `/api/v1.0/tasks/${taskId}`, token)).body);
  const viewBytes = Buffer.byteLength(JSON.stringify(view));
  const viewMs = await timed(15, () => call(port, 'GET', `/api/v1.0/tasks/${taskId}`, token));

  // The complete report as it was before the item saves (a changed item leaves its section in progress).
  const complete = view.requestTask.payload as Record<string, unknown>;

  // One item saved, 15 times, each a change.
  let saveBodyBytes = 0;
  const saves: number[] = [];
  let version = view.requestTask.version as number;
  for (let n = 1; n <= 15; n++) {
    const body = {
      requestTaskId: taskId,
      requestTaskActionType: c.save,
      requestTaskActionPayload: c.itemSave(view.requestTask.payload as ReportDraft, size, n),
      version,
    };
    saveBodyBytes = Math.max(saveBodyBytes, Buffer.byteLength(JSON.stringify(body)));
    const started = performance.now();
    const answer = await call(port, 'POST', '/api/v1.0/tasks/actions', token, body);
    saves.push(performance.now() - started);
    if (answer.status !== 200)
      throw new Error(`${c.label} (${size}): the item save answered ${answer.status} ${answer.body}`);
    version = JSON.parse(answer.body).version;
  }
  view = JSON.parse((await call(port, 'GET', `/api/v1.0/tasks/${taskId}`, token)).body);
  const draft = reportDraftOf(view.requestTask.payload);
  const facts = {
    account: { name: view.requestInfo.accountName, registrationNumber: view.requestInfo.accountRegistrationNumber },
  };

  // The task list's page: the sections' statuses and whether it may be submitted.
  const report = definition.report!;
  const taskListMs = await timed(15, () => {
    taskList(report, draft, facts);
    readyToSubmit(report, draft, facts);
  });

  // The submit check, as the API runs it (the register answers at once: it is not what is measured).
  const check = taskDefinition(c.taskType)!.actions[c.submit]!.check!;
  const ctx = {
    userId: a.user,
    account: {
      id: a.id,
      name: facts.account.name,
      registrationNumber: facts.account.registrationNumber,
      competentAuthority: a.ca,
    },
    now: new Date(),
    companyExists: () => Promise.resolve(true),
    isCandidate: () => Promise.resolve(true),
  };
  const refusal = await check(complete, {}, ctx);
  if (refusal)
    console.log(`${c.label} (${size}): the submit check refused it: ${JSON.stringify(refusal).slice(0, 300)}`);
  const submitCheckMs = await timed(5, () => check(complete, {}, ctx));

  // The MI 'submitted data' row: the report's cells on every sheet.
  const submittedData = definition.submittedData!;
  const sheets = submittedDataSheets(submittedData, report, sectionColumns);
  const row = await db('reports as p')
    .join('accounts as x', 'x.id', 'p.account_id')
    .where({ 'p.request_id': requestId })
    .first('p.request_id', 'p.data', 'p.submitted_at', 'x.name', 'x.registration_number', 'x.status');
  const miRowMs = await timed(15, () => sheets.forEach((s) => s.cells(row)));

  // The published dataset's version: its files from the one submitted report of the authority.
  const publishable = publishableReports().find((p) => p.requestType === c.requestType)!;
  const datasetMs = await timed(3, () =>
    buildDatasetFiles(db as never, {
      competent_authority: a.ca as never,
      report_type: publishable.reportType,
      phase: publishable.phase,
      version: 1,
    }),
  );

  const pdf = await pdfInChild(c, size);
  return {
    saveMs: median(saves),
    saveBodyBytes,
    viewMs,
    viewBytes,
    taskListMs,
    submitCheckMs,
    submitCheckOk: refusal === null,
    pdfMs: pdf.ms,
    pdfRssMb: pdf.rssMb,
    miRowMs,
    datasetMs,
  };
}

const ms = (x: number) =>
  x < 1 ? `${x.toFixed(2)} ms` : x < 10 ? `${x.toFixed(1)} ms` : `${Math.round(x).toLocaleString('en-GB')} ms`;
const kb = (x: number) => `${(x / 1024).toFixed(1)} KB`;
const mark = (ok: boolean) => (ok ? '✓' : '✗');

function print(c: Case, small: Figures, large: Figures): void {
  const ratio = (k: keyof Figures) => (large[k] as number) / (small[k] as number);
  const rows: [string, string, string, string][] = [
    [
      'saving one item',
      ms(small.saveMs),
      ms(large.saveMs),
      `${ratio('saveMs').toFixed(2)}× ${mark(ratio('saveMs') <= PER_ITEM_RATIO)} ≤ ${PER_ITEM_RATIO}×`,
    ],
    [
      '  its request body',
      kb(small.saveBodyBytes),
      kb(large.saveBodyBytes),
      `${mark(large.saveBodyBytes <= BODY_BYTES)} ≤ 64 KB`,
    ],
    [
      'summary table’s call (GET /tasks/{id})',
      ms(small.viewMs),
      ms(large.viewMs),
      `${ratio('viewMs').toFixed(2)}× ${mark(ratio('viewMs') <= PER_ITEM_RATIO)} ≤ ${PER_ITEM_RATIO}×`,
    ],
    ['  its answer', kb(small.viewBytes), kb(large.viewBytes), 'the whole draft'],
    [
      'task list (statuses, ready to submit)',
      ms(small.taskListMs),
      ms(large.taskListMs),
      `${ratio('taskListMs').toFixed(2)}× ${mark(ratio('taskListMs') <= PER_ITEM_RATIO)} ≤ ${PER_ITEM_RATIO}×`,
    ],
    [
      'submit check',
      ms(small.submitCheckMs),
      ms(large.submitCheckMs),
      `${mark(large.submitCheckMs < SUBMIT_CHECK_MS && large.submitCheckOk)} < 1 s${large.submitCheckOk ? '' : ' (refused!)'}`,
    ],
    ['PDF', ms(small.pdfMs), ms(large.pdfMs), `${mark(large.pdfMs < PDF_MS)} < 10 s`],
    [
      '  its process’s peak RSS',
      `${small.pdfRssMb.toFixed(0)} MB`,
      `${large.pdfRssMb.toFixed(0)} MB`,
      `${mark(large.pdfRssMb < PDF_RSS_MB)} < 400 MB`,
    ],
    ['MI submitted data row', ms(small.miRowMs), ms(large.miRowMs), `${ratio('miRowMs').toFixed(1)}×`],
    ['published dataset build', ms(small.datasetMs), ms(large.datasetMs), `${ratio('datasetMs').toFixed(1)}×`],
  ];
  const widths = [40, 12, 12];
  console.log(`\n${c.label}`);
  console.log(`${'operation'.padEnd(widths[0]!)}${'small'.padStart(widths[1]!)}${'large'.padStart(widths[2]!)}  goal`);
  for (const [name, s, l, goal] of rows)
    console.log(`${name.padEnd(widths[0]!)}${s.padStart(widths[1]!)}${l.padStart(widths[2]!)}  ${goal}`);
}

export async function benchLargeGroup(): Promise<void> {
  const all = await cases();
  const db = await prepare(all);
  const jwk = await createSigningKey();
  const api = await startChild(
    'api',
    {
      ...process.env,
      DATABASE_URL: groupsDatabaseUrl,
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      TEMPORAL_ADDRESS: '127.0.0.1:1',
      SEED_DEMO_DATA: 'false',
      BENCH_JWK: JSON.stringify(jwk),
      BENCH_TOKEN_CACHE: '100',
      BENCH_API_PROCESSES: '1',
      BENCH_LOG_LEVEL: 'silent',
    },
    'large-group-api.log',
  );
  console.log(
    `large group beside the demo-sized reports: ${os.cpus().length} cores, load average ${loadAverage()} at the start`,
  );
  console.log(
    'small: 3 organisations, 2 energy audits; 2 measures. large: 1,000 organisations, 50 energy audits; 100 measures, progress update 1 copying them',
  );
  try {
    const tokens = { small: await mint(ACCOUNT.small.user), large: await mint(ACCOUNT.large.user) };
    for (const c of all) {
      const small = await measure(c, 'small', db, api.port, tokens.small);
      const large = await measure(c, 'large', db, api.port, tokens.large);
      print(c, small, large);
    }
    console.log(`\nload average at the end: ${loadAverage()}`);
  } finally {
    await stopChild(api);
    await db.destroy();
  }
}

if (process.argv[2] === 'pdf') void renderInThisProcess(process.argv[3]!, process.argv[4] as Size);
