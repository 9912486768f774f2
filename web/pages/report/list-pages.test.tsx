// Lists edited a page an item (layout 'pages'): the summary table with its columns, order and
// paging, an item's page with its own error summary, the removal's confirmation, and one item
// sent a save — applied here by the real SAVE action, as the server applies it.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Router, Switch } from 'wouter';
import { axeViolations, mockTaskApi, taskView, type PostedAction, type TaskApi } from '../../../test/web/task-api';
import { testResponse } from '../../../test/web/responses';
import { useSession } from '../../stores/session';
import SectionPage from './section-page';
import { ACTION_PLAN_SUBMIT, SAVE_ACTION_PLAN, SUBMIT_ACTION_PLAN } from '../../../processes/action-plan/codes';
import { actionPlanReport } from '../../../processes/action-plan/report';
import { NOTIFICATION_SUBMIT, SAVE_NOTIFICATION } from '../../../processes/notification-of-compliance/codes';
import { notificationReport } from '../../../processes/notification-of-compliance/report';
import { PROGRESS_UPDATE_1_SUBMIT, SAVE_PROGRESS_UPDATE_1 } from '../../../processes/progress-update-1/codes';
import { MEASURE_IMPL_BEFORE, PU1_MEASURES, progressUpdate1Report } from '../../../processes/progress-update-1/report';
import { reportSaveAction } from '../../../domain/reports/report-actions';
import type { ReportDefinition, ReportDraft } from '../../../domain/reports/report';
import { apMeasure } from '../../../test/fixtures/measures';
import { completeReports, subsidiary } from '../../../test/fixtures/notification-reports';

const fetchMock = jest.fn();

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

it('adds a measure on a page of its own, with its own error summary, sending that measure alone', async () => {
  const api = renderTask(actionPlanReport, ACTION_PLAN_SUBMIT, AP, planWith(2), `${AP_LIST}/item/new`);
  expect(await screen.findByRole('heading', { level: 1, name: 'Add a measure' })).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
  const summary = await screen.findByRole('alert');
  expect(within(summary).getByRole('link', { name: 'Enter a name for this measure' })).toBeInTheDocument();
  expect(api.posted).toHaveLength(0);
  expect(await axeViolations(document.body)).toEqual([]);
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

it('orders organisations A to Z and pages them', async () => {
  const organisations = ['delta', 'Alpha', 'charlie', 'Bravo'].map((organisationName) =>
    subsidiary({ organisationName }),
  );
  const draft = JSON.parse(JSON.stringify(completeReports.esos95To100)) as ReportDraft;
  draft.report.organisationStructure = {
    ...draft.report.organisationStructure,
    organisationsAssociatedWithRU: organisations,
  };
  renderTask(
    notificationReport,
    NOTIFICATION_SUBMIT,
    [SAVE_NOTIFICATION],
    { ...draft },
    '/tasks/7/section/organisationStructure/associated-organisations',
  );
  const table = await screen.findByRole('table', { name: /Organisations associated/ });
  expect(
    within(table)
      .getAllByRole('rowheader')
      .map((h) => h.textContent),
  ).toEqual(['Alpha', 'Bravo', 'charlie', 'delta']);
  // The link names the organisation's place in the stored list, whatever the table's order.
  expect(within(table).getByRole('link', { name: 'Change Alpha' })).toHaveAttribute(
    'href',
    '/tasks/7/section/organisationStructure/associated-organisations/item/2',
  );
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
