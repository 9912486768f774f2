// Every process with a report, as the registry lists it (the four of the scheme, and a survey that
// exists only in the tests): a complete report submitted through its workflow on a real Temporal dev
// server is stored dated by the submit action, sends one receipt with its PDF, the PDF holds every
// answered question and answer, and its MI report has one column per question on screen and in the
// .xlsx. The survey gets all of it — and its label, timeline and MI entry — from its definition alone.
import ExcelJS from 'exceljs';
import {
  registeredProcesses,
  requestActionHeading,
  requestIdOf,
  snapshotSections,
  taskTypeLabel,
  timelineEntry,
  type ProcessDefinition,
} from './';
import { miReports } from './mi-reports';
import { allSections, reportAnswers, validateReport, type ReportDraft } from '../domain/reports/report';
import { sectionColumns } from '../domain/reports/columns';
import { startRequestWorkflow } from '../api/request-workflows';
import {
  createAccount,
  createUser,
  grantOperator,
  grantRegulator,
  type TestAccount,
  type TestUser,
} from '../test/factories';
import { completeReportDrafts } from '../test/fixtures/complete-reports';
import { SURVEY, SURVEY_SUBMIT } from '../test/processes/survey';
import { TEST_NOW } from '../test/clock';
import { windowsOf } from '../api/process-settings';
import { inWindow } from '../infra/config';
import { pdfText } from '../test/pdf-text';
import { bearer } from '../test/tokens';
import { callAs, type EngineHarness, useEngineHarness } from '../test/workflows/harness';

const reportProcesses = () => registeredProcesses().filter((p) => p.report);

it('has a complete report for every process with one, and each passes its definition', () => {
  const types = reportProcesses().map((p) => p.requestType);
  expect(types).toEqual(
    expect.arrayContaining([
      'NOTIFICATION_OF_COMPLIANCE_P3',
      'ACTION_PLAN_P3',
      'PROGRESS_UPDATE_1_P3',
      'PROGRESS_UPDATE_2_P3',
      SURVEY,
    ]),
  );
  for (const def of reportProcesses()) {
    const draft = completeReportDrafts[def.requestType];
    if (!draft) throw new Error(`No complete report of ${def.requestType} in test/fixtures/complete-reports.ts`);
    expect({
      type: def.requestType,
      violations: validateReport(def.report!, draft(), {
        account: { name: 'Fixture Ltd', registrationNumber: null },
        prefill: draft().prefill,
      }),
    }).toEqual({ type: def.requestType, violations: [] });
  }
});

it('names the test-only survey everywhere a product process is named, from its definition alone', () => {
  expect(taskTypeLabel(SURVEY_SUBMIT)).toBe('Submit the lighting survey');
  expect(requestActionHeading({ type: 'TEST_SURVEY_SUBMITTED', submitter: 'Sam Surveyor' })).toBe(
    'Lighting survey submitted by Sam Surveyor',
  );
  expect(timelineEntry('TEST_SURVEY_SUBMITTED')).toMatchObject({ snapshot: true, document: 'Submitted' });
  expect(miReports().map((r) => r.name)).toContain('Lighting survey submitted data');
  expect(
    snapshotSections(SURVEY, 'TEST_SURVEY_SUBMITTED', completeReportDrafts[SURVEY]!()).map((s) => s.title),
  ).toEqual(['Lighting survey']);
});

describe('a submission of each report', () => {
  let h: EngineHarness;
  useEngineHarness((started) => (h = started));
  const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();

  /** Starts the process with its complete report as the submit task's draft, as a returned report restarts. */
  async function submitted(
    def: ProcessDefinition,
    account: TestAccount,
    operator: TestUser,
  ): Promise<{ requestId: string; draft: ReportDraft }> {
    const draft = completeReportDrafts[def.requestType]!();
    const requestId = requestIdOf(def, account.id);
    const started = await startRequestWorkflow(h.api.deps, def, {
      requestId,
      requestType: def.requestType,
      accountId: account.id,
      competentAuthority: account.competentAuthority,
      startedBy: { userId: operator.id, fullName: `${operator.firstName} ${operator.lastName}`, roleType: 'OPERATOR' },
      payload: draft as unknown as Record<string, unknown>,
    });
    const [task] = started.tasks;
    const page = def.tasks[task!.taskType]!.page;
    // A later phase's report opens after the test's clock: the configuration opens it now, as a regulator's would.
    const windows = windowsOf(h.api.deps.config, def);
    if (windows && !inWindow(windows.submit, new Date(TEST_NOW))) {
      const open = { from: '2026-01-01T00:00:00Z', to: '2027-01-01T00:00:00Z' };
      h.api.deps.config.reporting.windows[def.requestType] = { initiate: open, submit: open };
    }
    if (page?.kind !== 'report' || !page.submit) throw new Error(`${task!.taskType} has no submit action`);
    const res = await callAs(h.api, operator, '/tasks/actions', {
      method: 'POST',
      body: { requestTaskId: task!.taskId, requestTaskActionType: page.submit, requestTaskActionPayload: {} },
    });
    expect({ type: def.requestType, status: res.status, body: res.body }).toMatchObject({
      type: def.requestType,
      status: 200,
      body: { requestStatus: 'COMPLETED' },
    });
    return { requestId, draft };
  }

  it.each(reportProcesses().map((p) => [p.requestType, p] as const))(
    '%s: stored at the submit action, one receipt with its PDF, every answer in the PDF and the MI report',
    async (_type, def) => {
      const account = await createAccount(h.db, {
        competentAuthority: 'WALES',
        name: `Registry Widgets ${Date.now()}`,
      });
      const operator = await createUser(h.db, { firstName: 'Reg', lastName: 'Istry' });
      await grantOperator(h.db, operator, account, 'operator_admin');
      const { requestId, draft } = await submitted(def, account, operator);

      // Stored dated by the submit action: the reporting clock the API checked the window against.
      const report = await h.db('reports').where({ request_id: requestId }).first();
      expect(new Date(report.submitted_at).toISOString()).toBe(new Date(TEST_NOW).toISOString());
      expect(new Date((await h.db('requests').where({ id: requestId }).first()).submitted_at).toISOString()).toBe(
        new Date(TEST_NOW).toISOString(),
      );

      // One receipt to the submitter, carrying the PDF of what was submitted; one notice to the regulator's team.
      const [document] = await h.db('request_action_file_documents').where({ request_id: requestId });
      expect(document).toBeDefined();
      const receipts = await h
        .db('email_outbox')
        .where({ template: 'SubmissionDocument' })
        .whereLike('subject', `%${requestId}%`);
      expect(receipts.map((m) => [m.to_address, m.attachments])).toEqual([[operator.email, [document.file_uuid]]]);
      expect(
        await h.db('email_outbox').where({ template: 'ReportReceived' }).whereLike('body_text', `%${requestId}%`),
      ).toHaveLength(1);

      // The PDF holds every answered question and its answer, section by section.
      const file = await h.db('files').where({ uuid: document.file_uuid }).first('content', 'file_name');
      expect(file.file_name).toBe(`${requestId} ${def.title}.pdf`);
      const text = normalise((await pdfText(file.content)).text);
      const answers = reportAnswers(def.report!, draft.report, {});
      expect(answers.length).toBeGreaterThan(0);
      for (const section of answers) {
        expect(text).toContain(normalise(section.title));
        for (const row of section.rows) {
          expect(text).toContain(normalise(row.key));
          for (const line of row.value) expect(text).toContain(normalise(line));
        }
      }

      // The MI report: one column per question of the definition after the submission's own, each
      // answered question's answer in its column (no raw JSON), the same on screen and in the workbook.
      const regulator = await createUser(h.db);
      await grantRegulator(h.db, regulator, 'WALES');
      const mi = def.submittedData!;
      const cells = new Map<string, string[]>();
      const onScreen: string[][] = [];
      const first = await callAs(h.api, regulator, '/ORGANISATION/mireports', {
        method: 'POST',
        body: { reportType: mi.reportType, size: 100 },
      });
      expect(first.status).toBe(200);
      for (const sheet of first.body.sheets as string[]) {
        const page =
          sheet === first.body.sheet
            ? first
            : await callAs(h.api, regulator, '/ORGANISATION/mireports', {
                method: 'POST',
                body: { reportType: mi.reportType, size: 100, sheet },
              });
        const row = (page.body.results as string[][]).find((r) => r[0] === requestId)!;
        expect(page.body.columnNames.slice(0, mi.leading.length)).toEqual(mi.leading.map((l) => l.heading));
        (page.body.columnNames as string[])
          .slice(mi.leading.length)
          .forEach((heading, j) => cells.set(heading, [...(cells.get(heading) ?? []), row[mi.leading.length + j]!]));
        for (const cell of row) expect(cell).not.toMatch(/^[{[]"/);
        onScreen.push(row);
      }
      const sections = allSections(def.report!);
      expect([...cells.keys()].sort()).toEqual(
        [...new Set(sections.flatMap((s) => sectionColumns(s).map((c) => c.heading)))].sort(),
      );
      for (const section of sections) {
        for (const column of sectionColumns(section)) {
          const value = column.path.reduce<unknown>(
            (v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined),
            draft.report[section.id],
          );
          const answered =
            value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);
          if (answered)
            expect({ question: column.heading, cells: cells.get(column.heading)!.some((c) => c !== '') }).toEqual({
              question: column.heading,
              cells: true,
            });
        }
      }

      const res = await fetch(`${h.api.url}/api/v1.0/ORGANISATION/mireports/export`, {
        method: 'POST',
        headers: { ...(await bearer(regulator)), 'content-type': 'application/json' },
        body: JSON.stringify({ reportType: mi.reportType }),
      });
      expect(res.status).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(await res.arrayBuffer());
      (first.body.sheets as string[]).forEach((sheet, i) => {
        const rows: string[][] = [];
        book
          .getWorksheet(sheet)!
          .eachRow((r) =>
            rows.push(
              Array.from(r.values as unknown[], (v) => (v === null || v === undefined ? '' : String(v))).slice(1),
            ),
          );
        const row = rows.find((r) => r[0] === requestId)!;
        expect(row.concat(Array(onScreen[i]!.length - row.length).fill(''))).toEqual(onScreen[i]);
      });
    },
  );
});
