// The phase 3 action plan's measures under phase 4's question about the energy savings achieved:
// shown, with their totals, when the draft holds them (the task started for an account with a
// submitted action plan); not on the section's other pages, nor without them.
import { cleanup, render, screen, within } from '@testing-library/react';
import { Route, Router } from 'wouter';
import { axeViolations, mockTaskApi, taskView } from '../../../test/web/task-api';
import { completeReports } from '../../../test/fixtures/notification-reports';
import { useSession } from '../../stores/session';
import SectionPage from './section-page';
import { notificationCodes } from '../../../processes/notification-of-compliance/codes';
import type { PlanMeasures } from '../../../domain/reports/plan-measures';

const fetchMock = jest.fn();
const P4 = notificationCodes(4);

const offered: PlanMeasures = {
  phase: 3,
  requestId: 'AP000042-P3',
  measures: [
    {
      name: 'LED lighting',
      implementationDate: '2024-03',
      expected: { buildings: 12000, transport: 0, industrialProcesses: 0, otherProcesses: 500 },
      implemented: true,
      reported: 1600,
    },
    {
      name: 'Boiler replacement',
      implementationDate: '2027-06',
      expected: { buildings: 30000, transport: 0, industrialProcesses: 2000, otherProcesses: 0 },
      implemented: null,
      reported: null,
    },
  ],
};

function renderStep(step: string, extra: Record<string, unknown>) {
  // Phase 3's reporting obligation, an energy audit route phase 4 asks the same way (jsdom has no structuredClone).
  const reportingObligation = completeReports.esos95To100.report.reportingObligation;
  const task = taskView(
    P4.NOTIFICATION_SUBMIT,
    { report: { reportingObligation }, sectionsCompleted: {}, ...extra },
    { allowed: [P4.SAVE_NOTIFICATION, P4.SUBMIT_NOTIFICATION] },
  );
  task.requestInfo = { ...task.requestInfo, id: 'NOC000042-P4', type: P4.NOTIFICATION };
  mockTaskApi({ task, timeline: [], posted: [] }, fetchMock);
  useSession.setState({
    signedIn: true,
    userState: { userId: 'op-1', roleType: 'OPERATOR', status: 'ENABLED' },
    regulatorPermissions: null,
  });
  window.history.replaceState(null, '', `/tasks/7/section/energySavingsAchieved/${step}`);
  return render(
    <Router>
      <Route path="/tasks/:taskId/section/:sectionId/:stepId?" component={SectionPage} />
    </Router>,
  );
}

beforeEach(() => {
  fetchMock.mockReset();
  (globalThis as { fetch: unknown }).fetch = fetchMock;
});

it('lists the measures with their expected savings, what the progress updates said, and the totals', async () => {
  renderStep('estimate-breakdown', { actionPlanMeasures: offered });
  const heading = await screen.findByRole('heading', { level: 2, name: 'Measures in your phase 3 action plan' });
  expect(heading).toBeInTheDocument();
  const table = within(screen.getByRole('region', { name: 'Measures in your phase 3 action plan' })).getByRole('table');
  const rows = within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent));
  expect(rows).toEqual([
    ['Measure', 'To be implemented by', 'Expected savings', 'Implemented', 'Reductions reported'],
    ['LED lighting', 'March 2024', '12,500 kWh', 'Yes', '1,600 kWh'],
    ['Boiler replacement', 'June 2027', '32,000 kWh', 'Not reported', 'None reported'],
    ['Total', '', '44,500 kWh', '', '1,600 kWh'],
  ]);
  // By organisational purpose, as the page asks.
  const byPurpose = screen.getByRole('table', { name: 'Expected savings of the measures by organisational purpose' });
  expect(within(byPurpose).getByRole('row', { name: 'Buildings 42,000 kWh' })).toBeInTheDocument();
  expect(screen.getByText(/AP000042-P3/)).toBeInTheDocument();
  expect(await axeViolations(document.body)).toEqual([]);
});

it('shows nothing on the section’s other pages, nor for a draft without measures', async () => {
  renderStep('recommendations-exist', { actionPlanMeasures: offered });
  await screen.findByRole('button', { name: 'Save and continue' });
  expect(screen.queryByText('Measures in your phase 3 action plan')).not.toBeInTheDocument();
  cleanup();
  renderStep('estimate-breakdown', {});
  await screen.findByRole('button', { name: 'Save and continue' });
  expect(screen.queryByText('Measures in your phase 3 action plan')).not.toBeInTheDocument();
});
