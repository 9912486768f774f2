// Lists edited a page an item (layout 'pages'): the summary table with its columns, order and
// paging, an item's page with its own error summary, the removal's confirmation, and one item
// sent a save — applied here by the real SAVE action, as the server applies it.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextDecoder } from 'node:util';
import { Route, Router, Switch } from 'wouter';
import { axeViolations, mockTaskApi, taskView, type PostedAction, type TaskApi } from '../../../test/web/task-api';
import { testResponse } from '../../../test/web/responses';
import { useSession } from '../../stores/session';
import SectionPage from './section-page';
import { ACTION_PLAN_SUBMIT, SAVE_ACTION_PLAN, SUBMIT_ACTION_PLAN } from '../../../processes/action-plan/codes';
import { actionPlanReport } from '../../../processes/action-plan/report';
import { IMPLEMENTATION_TOO_EARLY } from '../../../domain/reports/measure-fields';
import { NOTIFICATION_SUBMIT, SAVE_NOTIFICATION } from '../../../processes/notification-of-compliance/codes';
import { notificationReport } from '../../../processes/notification-of-compliance/report';
import { PROGRESS_UPDATE_1_SUBMIT, SAVE_PROGRESS_UPDATE_1 } from '../../../processes/progress-update-1/codes';
import { MEASURE_IMPL_BEFORE, PU1_MEASURES, progressUpdate1Report } from '../../../processes/progress-update-1/report';
import { NOT_UTF8 } from './list-upload';
import {
  ASSOCIATED_ORGANISATIONS_CSV_TEMPLATE,
  CSV_COLUMNS,
} from '../../../processes/notification-of-compliance/sections/associated-organisations-csv';
import { reportSaveAction } from '../../../domain/reports/report-actions';
import type { ReportDefinition, ReportDraft } from '../../../domain/reports/report';
import { apMeasure } from '../../../test/fixtures/measures';
import { completeReports, subsidiary } from '../../../test/fixtures/notification-reports';

const fetchMock = jest.fn();
// The browser's TextDecoder (jsdom has none): the upload reads files as UTF-8 with it.
(globalThis as { TextDecoder?: unknown }).TextDecoder ??= TextDecoder;

beforeEach(() => {
  fetchMock.mockReset();
  (globalThis as { fetch: unknown }).fetch = fetchMock;
  useSession.setState({
    signedIn: true,
    userState: { userId: 'op-1', roleType: 'OPERATOR', status: 'ENABLED' },
    regulatorPermissions: null,
  });
});

/** The task page's API, whose saves the report's real SAVE action applies. */
function renderTask(
  def: ReportDefinition,
  type: string,
  allowed: string[],
  payload: Record<string, unknown>,
  path: string,
) {
  const save = reportSaveAction(def);
  const api: TaskApi = {
    task: taskView(type, payload, { allowed }),
    timeline: [],
    posted: [],
    answer: (action: PostedAction) => {
      if (action.version === undefined) return undefined;
      const result = save.apply!(api.task.requestTask.payload, action.requestTaskActionPayload, {} as never);
      if ('refusal' in result) return testResponse(400, { code: result.refusal.code, message: result.refusal.message });
      const task = api.task.requestTask;
      api.task = { ...api.task, requestTask: { ...task, payload: result.draft, version: task.version + 1 } };
      return testResponse(200, { requestTaskId: task.id, version: task.version + 1 });
    },
  };
  mockTaskApi(api, fetchMock);
  window.history.replaceState(null, '', path);
  render(
    <Router>
      <Switch>
        <Route path="/tasks/:taskId/section/:sectionId/:stepId?" component={SectionPage} />
        <Route path="/tasks/:taskId/section/:sectionId/:stepId/upload" component={SectionPage} />
        <Route path="/tasks/:taskId/section/:sectionId/:stepId/item/:item/:confirm?" component={SectionPage} />
      </Switch>
    </Router>,
  );
  return api;
}

const measures = (n: number) =>
  Array.from({ length: n }, (_, i) => apMeasure({ measureName: `Measure ${String(i + 1).padStart(2, '0')}` }));
const planWith = (n: number) => ({
  report: { energyEfficiencyMeasure: { haveEnergyEfficiencyMeasures: true, energyEfficiencyMeasures: measures(n) } },
  sectionsCompleted: { energyEfficiencyMeasure: 'IN_PROGRESS' },
});
const AP = [SAVE_ACTION_PLAN, SUBMIT_ACTION_PLAN];
const AP_LIST = '/tasks/7/section/energyEfficiencyMeasure/measures';

it('shows the measures in a table of their columns, 10 a page, with Change and Remove', async () => {
  renderTask(actionPlanReport, ACTION_PLAN_SUBMIT, AP, planWith(12), AP_LIST);
  const table = await screen.findByRole('table', { name: 'Energy efficiency measures (12)' });
  const headings = within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);
  expect(headings).toEqual(['Measure', 'Implementation date', 'Total energy savings', 'Actions']);
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows).toHaveLength(10);
  expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('Measure 01');
  expect(rows[0]).toHaveTextContent('March 2024');
  expect(rows[0]).toHaveTextContent('12,500 kWh');
  expect(within(rows[0]!).getByRole('link', { name: 'Change Measure 01' })).toHaveAttribute(
    'href',
    `${AP_LIST}/item/1`,
  );
  expect(within(rows[0]!).getByRole('link', { name: 'Remove Measure 01' })).toHaveAttribute(
    'href',
    `${AP_LIST}/item/1/remove`,
  );
  const pagination = screen.getByRole('navigation', { name: 'Pagination' });
  expect(within(pagination).getByRole('link', { name: /Next/ })).toHaveAttribute('href', `${AP_LIST}?page=2`);
  expect(screen.getByRole('button', { name: 'Add another measure' })).toHaveAttribute('href', `${AP_LIST}/item/new`);
  expect(await axeViolations(document.body)).toEqual([]);
});

it('goes on from the table without sending the list again: each item was saved on its own page', async () => {
  const api = renderTask(actionPlanReport, ACTION_PLAN_SUBMIT, AP, planWith(12), AP_LIST);
  fireEvent.click(await screen.findByRole('button', { name: 'Save and continue' }));
  await waitFor(() => expect(window.location.pathname).not.toBe(AP_LIST));
  expect(api.posted).toEqual([]);
});

it('adds a measure on a page of its own, with its own error summary, sending that measure alone', async () => {
  const api = renderTask(actionPlanReport, ACTION_PLAN_SUBMIT, AP, planWith(2), `${AP_LIST}/item/new`);
  expect(await screen.findByRole('heading', { level: 1, name: 'Add a measure' })).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
  const summary = await screen.findByRole('alert');
  expect(within(summary).getByRole('link', { name: 'Enter a name for this measure' })).toBeInTheDocument();
  expect(api.posted).toHaveLength(0);
  expect(await axeViolations(document.body)).toEqual([]);
});

it("chooses a measure's implementation date from month and year selects bounded to the plan's period, with the same messages", async () => {
  const api = renderTask(actionPlanReport, ACTION_PLAN_SUBMIT, AP, planWith(1), `${AP_LIST}/item/1`);
  const group = await screen.findByRole('group', { name: 'When is the measure expected to be implemented?' });
  const month = within(group).getByRole('combobox', { name: 'Month' });
  const year = within(group).getByRole('combobox', { name: 'Year' });
  // The stored answer, March 2024, is chosen.
  expect(month).toHaveValue('3');
  expect(year).toHaveValue('2024');
  expect(
    within(month)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual([
    'Month',
    ...['January', 'February', 'March', 'April', 'May', 'June'],
    ...['July', 'August', 'September', 'October', 'November', 'December'],
  ]);
  expect(
    within(year)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['Year', '2023', '2024', '2025', '2026', '2027']);
  const expectErrorAfterSave = async (m: string, y: string, message: string) => {
    await userEvent.selectOptions(month, m);
    await userEvent.selectOptions(year, y);
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('alert'))
          .getAllByRole('link')
          .map((l) => l.textContent),
      ).toEqual([message]),
    );
  };
  // A month of 2023 before December is before the period.
  await expectErrorAfterSave('January', '2023', IMPLEMENTATION_TOO_EARLY);
  await expectErrorAfterSave('Month', '2025', 'Enter a full date');
  expect(api.posted).toEqual([]);
  expect(await axeViolations(document.body)).toEqual([]);
  await userEvent.selectOptions(month, 'December');
  fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
  await screen.findByRole('table', { name: 'Energy efficiency measures (1)' });
  expect((api.posted[0]!.requestTaskActionPayload as { data: Record<string, unknown> }).data).toMatchObject({
    implementationDateForMeasure: '2025-12',
  });
});

it('changes one measure: the save carries that measure and its position, and the table shows it', async () => {
  const api = renderTask(actionPlanReport, ACTION_PLAN_SUBMIT, AP, planWith(3), `${AP_LIST}/item/2`);
  const name = await screen.findByRole('textbox', { name: 'Enter a name for this measure' });
  expect(screen.getByRole('heading', { level: 1, name: 'Measure 02' })).toBeInTheDocument();
  await userEvent.clear(name);
  await userEvent.type(name, 'Heat pumps');
  fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
  expect(await screen.findByRole('table', { name: 'Energy efficiency measures (3)' })).toHaveTextContent('Heat pumps');
  const payload = api.posted[0]!.requestTaskActionPayload as Record<string, unknown>;
  expect(payload).toMatchObject({ section: 'energyEfficiencyMeasure', list: 'energyEfficiencyMeasures', item: 1 });
  expect((payload.data as Record<string, unknown>).measureName).toBe('Heat pumps');
  expect(JSON.stringify(payload)).not.toContain('Measure 01');
});

it('asks before removing a measure, naming it, and removes only that one', async () => {
  const api = renderTask(actionPlanReport, ACTION_PLAN_SUBMIT, AP, planWith(3), `${AP_LIST}/item/2/remove`);
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Are you sure you want to remove Measure 02?' }),
  ).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', AP_LIST);
  expect(await axeViolations(document.body)).toEqual([]);
  fireEvent.click(screen.getByRole('button', { name: 'Yes, remove the measure' }));
  const table = await screen.findByRole('table', { name: 'Energy efficiency measures (2)' });
  expect(table).not.toHaveTextContent('Measure 02');
  expect(api.posted[0]!.requestTaskActionPayload).toEqual({
    section: 'energyEfficiencyMeasure',
    list: 'energyEfficiencyMeasures',
    item: 1,
    remove: true,
  });
});

it('shows the responsible undertaking as row 1, then the organisations A to Z, 10 rows a page', async () => {
  const names = ['delta', 'Alpha', 'charlie', 'Bravo', 'echo', 'Foxtrot', 'golf', 'Hotel', 'india', 'Juliett', 'kilo'];
  const draft = JSON.parse(JSON.stringify(completeReports.esos95To100)) as ReportDraft;
  draft.report.organisationStructure = {
    ...draft.report.organisationStructure,
    organisationsAssociatedWithRU: names.map((organisationName) => subsidiary({ organisationName })),
  };
  const ORGS = '/tasks/7/section/organisationStructure/associated-organisations';
  renderTask(notificationReport, NOTIFICATION_SUBMIT, [SAVE_NOTIFICATION], { ...draft }, ORGS);
  const table = await screen.findByRole('table', { name: /Organisations associated/ });
  const rowHeaders = () =>
    within(screen.getByRole('table', { name: /Organisations associated/ }))
      .getAllByRole('rowheader')
      .map((h) => h.textContent);
  // The responsible undertaking counts as a row: 12 rows, 10 on the first page.
  expect(rowHeaders()).toEqual([
    'KESTREL LOGISTICS GROUP LIMITEDResponsible undertaking',
    'Alpha',
    'Bravo',
    'charlie',
    'delta',
    'echo',
    'Foxtrot',
    'golf',
    'Hotel',
    'india',
  ]);
  const ru = within(table).getAllByRole('row')[1]!;
  expect(ru).toHaveTextContent('08004927');
  // Changed in its own section, never removed from here.
  expect(within(ru).getByRole('link', { name: 'Change KESTREL LOGISTICS GROUP LIMITED' })).toHaveAttribute(
    'href',
    '/tasks/7/section/responsibleUndertaking/organisation-details?change=true',
  );
  expect(within(ru).queryByRole('link', { name: /Remove/ })).toBeNull();
  // The link names the organisation's place in the stored list, whatever the table's order.
  expect(within(table).getByRole('link', { name: 'Change Alpha' })).toHaveAttribute('href', `${ORGS}/item/2`);
  const pagination = screen.getByRole('navigation', { name: 'Pagination' });
  fireEvent.click(within(pagination).getByRole('link', { name: /Next/ }));
  await waitFor(() => expect(rowHeaders()).toEqual(['Juliett', 'kilo']));
  expect(await axeViolations(document.body)).toEqual([]);
});

it("gives each of a progress update's copied measures a page titled with its name, one after another", async () => {
  const copied = [
    {
      uuId: 'a',
      measureImplType: MEASURE_IMPL_BEFORE,
      actionPlanEnergyEfficiencyMeasure: apMeasure({ measureName: 'LED lighting' }),
    },
    {
      uuId: 'b',
      measureImplType: MEASURE_IMPL_BEFORE,
      actionPlanEnergyEfficiencyMeasure: apMeasure({ measureName: 'Solar panels' }),
    },
  ];
  renderTask(
    progressUpdate1Report,
    PROGRESS_UPDATE_1_SUBMIT,
    [SAVE_PROGRESS_UPDATE_1],
    {
      report: { [PU1_MEASURES]: { progressUpdate1P3Measures: copied } },
      sectionsCompleted: {},
      prefill: { isDisaggregateUndertaking: false },
    },
    `/tasks/7/section/${PU1_MEASURES}/measures`,
  );
  const table = await screen.findByRole('table', { name: /Energy efficiency measures in the action plan/ });
  expect(within(table).queryByRole('link', { name: /Remove/ })).toBeNull();
  expect(screen.queryByRole('link', { name: /^Add/ })).toBeNull();
  fireEvent.click(within(table).getByRole('link', { name: 'Change LED lighting' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'LED lighting' })).toBeInTheDocument();
  expect(screen.queryByRole('textbox', { name: 'Enter a name for this measure' })).toBeNull();
  expect(await axeViolations(document.body)).toEqual([]);
  await waitFor(() => expect(document.title).toContain('LED lighting'));
});

describe('Upload a file instead', () => {
  const ORGS = '/tasks/7/section/organisationStructure/associated-organisations';
  const header = ASSOCIATED_ORGANISATIONS_CSV_TEMPLATE;
  const good = (i: number) => `Organisation ${String(i).padStart(4, '0')} Ltd,,No,No,No,No,Yes,Yes,,,,,,`;
  const draftWith = (names: string[]) => {
    const draft = JSON.parse(JSON.stringify(completeReports.esos95To100)) as ReportDraft;
    draft.report.organisationStructure = {
      ...draft.report.organisationStructure,
      organisationsAssociatedWithRU: names.map((organisationName) => subsidiary({ organisationName })),
    };
    return draft;
  };
  const choose = (content: BlobPart[], name = 'organisations.csv', type = 'text/csv') => {
    const file = new File(content, name, { type });
    fireEvent.change(screen.getByLabelText('Upload a file'), { target: { files: [file] } });
  };

  it('offers the upload and the template from the organisations table', async () => {
    renderTask(notificationReport, NOTIFICATION_SUBMIT, [SAVE_NOTIFICATION], { ...draftWith(['Alpha']) }, ORGS);
    fireEvent.click(await screen.findByRole('link', { name: 'Upload a file instead' }));
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Upload a file with information on the organisations complying as one participant',
      }),
    ).toBeInTheDocument();
    // The template twice, from the parser's one column list: as CSV, and as .xlsx with instructions.
    const csv = screen.getByRole('link', { name: 'Download the template: Active UK organisations template.csv' });
    expect(csv).toHaveAttribute('download', 'Active UK organisations template.csv');
    expect(decodeURIComponent(csv.getAttribute('href')!.split(',').slice(1).join(','))).toBe(`\uFEFF${header}`);
    expect(
      screen.getByRole('link', { name: 'Download the template: Active UK organisations template.xlsx' }),
    ).toBeInTheDocument();
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('lists the bad rows by the row a spreadsheet shows, and leaves the list as it was', async () => {
    const api = renderTask(
      notificationReport,
      NOTIFICATION_SUBMIT,
      [SAVE_NOTIFICATION],
      { ...draftWith(['Alpha']) },
      `${ORGS}/upload`,
    );
    await screen.findByLabelText('Upload a file');
    const lines = Array.from({ length: 500 }, (_, i) => good(i + 1));
    lines[9] = lines[9]!.replace(',No,No,No,No,Yes,', ',Maybe,No,No,No,Yes,');
    lines[199] = lines[199]!.replace(/^[^,]*/, '');
    lines[449] = lines[449]!.replace(',No,No,No,No,Yes,', ',No,No,No,Yes,Yes,');
    choose([header + lines.join('\r\n')]);
    const summary = await screen.findByRole('alert');
    const problems = within(summary)
      .getAllByRole('link')
      .map((l) => l.textContent);
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^Row 11, /);
    expect(problems[1]).toMatch(/^Row 201, Organisation Name: /);
    expect(problems[2]).toMatch(/^Row 451/);
    await waitFor(() => expect(document.title).toMatch(/^Error: /));
    expect(screen.queryByRole('button', { name: 'Save and continue' })).toBeNull();
    expect(api.posted).toEqual([]);
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('says how many organisations will replace how many, then saves them as the list', async () => {
    const api = renderTask(
      notificationReport,
      NOTIFICATION_SUBMIT,
      [SAVE_NOTIFICATION],
      { ...draftWith(['Alpha', 'Bravo']) },
      `${ORGS}/upload`,
    );
    await screen.findByLabelText('Upload a file');
    // A byte order mark is accepted.
    choose(['\uFEFF' + header + Array.from({ length: 1000 }, (_, i) => good(i + 1)).join('\r\n')]);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The file has 1,000 organisations. They will replace the 2 organisations in the list.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('table', { name: /\(1,?000\)/ })).toBeInTheDocument();
    expect(api.posted).toHaveLength(1);
  });

  it.each([
    [['a;b'], 'organisations.txt', 'text/plain', 'The selected file must be a CSV'],
    [[], 'organisations.csv', 'text/csv', 'The selected file is empty'],
    [[new Uint8Array([0x4e, 0x61, 0x6d, 0xe9, 0x0a])], 'organisations.csv', 'text/csv', NOT_UTF8],
    [['Name,Number\r\nA,1'], 'organisations.csv', 'text/csv', `Row 1: ${CSV_COLUMNS}`],
  ])('refuses a bad file (%#) with a clear message', async (content, name, type, message) => {
    renderTask(notificationReport, NOTIFICATION_SUBMIT, [SAVE_NOTIFICATION], { ...draftWith([]) }, `${ORGS}/upload`);
    await screen.findByLabelText('Upload a file');
    choose(content as BlobPart[], name, type);
    expect(await within(await screen.findByRole('alert')).findByRole('link', { name: message })).toBeInTheDocument();
  });
});
