// The question pages of the action plan and progress update 1 that the browser test found wrong:
// a copied action plan measure is shown as answers, not as inputs; a measure due before the plan's
// submission is asked only the questions of its case (the two cases keep their answers under one
// name); a section the server filled in opens on its first question; the responsible officer
// confirms each statement once.
import { cleanup, render, screen, within } from '@testing-library/react';
import { Route, Router, Switch } from 'wouter';
import { axeViolations, mockTaskApi, taskView, type TaskApi } from '../../../test/web/task-api';
import { useSession } from '../../stores/session';
import SectionPage from './section-page';
import {
  PROGRESS_UPDATE_1_SUBMIT,
  SAVE_PROGRESS_UPDATE_1,
  SUBMIT_PROGRESS_UPDATE_1,
} from '../../../processes/progress-update-1/codes';
import { ACTION_PLAN_SUBMIT, SAVE_ACTION_PLAN, SUBMIT_ACTION_PLAN } from '../../../processes/action-plan/codes';
import { ESOS_ASSESSMENT_NOTIFICATION, ESTIMATION_METHOD_DESCRIPTION } from '../../../processes/action-plan/report';
import { MEASURE_IMPL_AFTER, MEASURE_IMPL_BEFORE, PU1_MEASURES } from '../../../processes/progress-update-1/report';
import { apMeasure } from '../../../test/fixtures/measures';

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

function renderTask(type: string, allowed: string[], payload: Record<string, unknown>, path: string) {
  const api: TaskApi = { task: taskView(type, payload, { allowed }), timeline: [], posted: [] };
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

const led = apMeasure({
  measureName: 'LED lighting',
  totalEnergySavingsExpected: {
    buildings: 12000,
    transport: 0,
    industrialProcesses: 0,
    otherProcesses: 500,
    total: 12500,
  },
});
const boiler = { ...led, measureName: 'Boiler replacement', implementationDateForMeasure: '2027-06' };

it('shows the copied measures as answers and asks each only the questions of its case', async () => {
  const measures = [
    { uuId: 'a', measureImplType: MEASURE_IMPL_BEFORE, actionPlanEnergyEfficiencyMeasure: led },
    { uuId: 'b', measureImplType: MEASURE_IMPL_AFTER, actionPlanEnergyEfficiencyMeasure: boiler },
  ];
  // Each copied measure has a page of its own, titled with its name.
  const payload = {
    report: { [PU1_MEASURES]: { progressUpdate1P3Measures: measures, progressUpdate1P3AddedMeasure: [] } },
    sectionsCompleted: {},
    prefill: { isDisaggregateUndertaking: false },
  };
  const first = renderTask(
    PROGRESS_UPDATE_1_SUBMIT,
    [SAVE_PROGRESS_UPDATE_1, SUBMIT_PROGRESS_UPDATE_1],
    payload,
    `/tasks/7/section/${PU1_MEASURES}/measures/item/1`,
  );
  await screen.findByRole('button', { name: 'Save and continue' });
  const before = within(document.body);
  expect(screen.getByRole('heading', { level: 1, name: 'LED lighting' })).toBeInTheDocument();
  // The action plan's measure is read, not typed again.
  expect(before.getAllByText('LED lighting').length).toBeGreaterThan(1);
  expect(before.getByText('March 2024')).toBeInTheDocument();
  expect(before.getByText('12,500 kWh')).toBeInTheDocument();
  expect(screen.queryByRole('textbox', { name: 'Enter a name for this measure' })).toBeNull();
  expect(before.getByText('Implementation date before the action plan was submitted')).toBeInTheDocument();
  expect(
    before.getByRole('group', {
      name: /^Do you want, optionally, to report a reduction in energy consumption for the period between 6 December 2024/,
    }),
  ).toBeInTheDocument();
  expect(before.queryByRole('group', { name: /^Has the measure been implemented\?/ })).toBeNull();
  expect(await axeViolations(document.body)).toEqual([]);
  expect(first.posted).toEqual([]);
  cleanup();
  renderTask(
    PROGRESS_UPDATE_1_SUBMIT,
    [SAVE_PROGRESS_UPDATE_1, SUBMIT_PROGRESS_UPDATE_1],
    payload,
    `/tasks/7/section/${PU1_MEASURES}/measures/item/2`,
  );
  await screen.findByRole('heading', { level: 1, name: 'Boiler replacement' });
  const after = within(document.body);
  expect(after.getByText('Implementation date after the action plan was submitted')).toBeInTheDocument();
  expect(after.getByRole('group', { name: /^Has the measure been implemented\?/ })).toBeInTheDocument();
  expect(after.queryByRole('group', { name: /^Do you want, optionally, to report a reduction/ })).toBeNull();
  expect(await axeViolations(document.body)).toEqual([]);
});

it('opens the measures section on its first question while nothing is answered, though the server filled it in', async () => {
  const measures = [{ uuId: 'a', measureImplType: MEASURE_IMPL_BEFORE, actionPlanEnergyEfficiencyMeasure: led }];
  renderTask(
    PROGRESS_UPDATE_1_SUBMIT,
    [SAVE_PROGRESS_UPDATE_1, SUBMIT_PROGRESS_UPDATE_1],
    {
      report: { [PU1_MEASURES]: { progressUpdate1P3Measures: measures } },
      sectionsCompleted: {},
      prefill: { isDisaggregateUndertaking: false },
    },
    `/tasks/7/section/${PU1_MEASURES}`,
  );
  expect(
    await screen.findByRole('heading', {
      level: 1,
      name: 'Update for the energy efficiency measures in the action plan',
    }),
  ).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Confirm and complete' })).toBeNull();
});

it('asks the responsible officer each statement once', async () => {
  const report = {
    energyEfficiencyMeasure: {
      haveEnergyEfficiencyMeasures: true,
      energyEfficiencyMeasures: [
        {
          ...led,
          energySavingsEstimateCalculatedType: 'OTHER_REASONABLE_ESTIMATION_METHOD',
          estimationMethodDescription: 'Data',
        },
      ],
    },
  };
  renderTask(
    ACTION_PLAN_SUBMIT,
    [SAVE_ACTION_PLAN, SUBMIT_ACTION_PLAN],
    { report, sectionsCompleted: { energyEfficiencyMeasure: 'COMPLETED' } },
    '/tasks/7/section/responsibleOfficerConfirmation/confirmation',
  );
  await screen.findByRole('button', { name: 'Save and continue' });
  expect(screen.getAllByRole('checkbox', { name: ESOS_ASSESSMENT_NOTIFICATION.text })).toHaveLength(1);
  expect(screen.getAllByRole('checkbox', { name: ESTIMATION_METHOD_DESCRIPTION.text })).toHaveLength(1);
});
