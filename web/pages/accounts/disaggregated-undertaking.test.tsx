// A progress update without the report it would start from: 'Start a new task' says why and offers
// the disaggregated-undertaking route instead of Start; its page starts it as disaggregated.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Router } from 'wouter';
import { testResponse } from '../../../test/web/responses';
import { axeViolations } from '../../../test/jsdom-axe';
import { StartTaskOnAccount } from '../../../test/web/start-task';
import DisaggregatedUndertaking from './disaggregated-undertaking';

const fetchMock = jest.fn();
let posted: unknown[];

beforeEach(() => {
  posted = [];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/api/v1.0/requests/available-workflows/permit/42'))
      return testResponse(200, {
        ACTION_PLAN_P3: { valid: false },
        PROGRESS_UPDATE_1_P3: { valid: true, requests: ['ACTION_PLAN_P3'] },
        PROGRESS_UPDATE_2_P3: { valid: true, requests: ['PROGRESS_UPDATE_1_P3'] },
      });
    if (url === '/api/v1.0/requests?accountId=42' && init?.method === 'POST') {
      posted.push(JSON.parse(String(init.body)));
      return testResponse(201, {
        requestId: 'PU1000042-P3',
        requestStatus: 'IN_PROGRESS',
        tasks: [{ taskId: 9, taskType: 'PROGRESS_UPDATE_1_P3_APPLICATION_SUBMIT', assignee: 'op-1', dueAt: null }],
      });
    }
    return testResponse(404, { code: 'NOT_FOUND', message: url });
  });
  (globalThis as { fetch: unknown }).fetch = fetchMock;
});

it('says why a progress update cannot start normally and offers the disaggregated route', async () => {
  window.history.replaceState(null, '', '/accounts/42');
  render(
    <Router>
      <StartTaskOnAccount accountId={42} />
    </Router>,
  );
  expect(
    await screen.findByText("You cannot start the Progress Update 1 if you haven't submitted the Action Plan."),
  ).toBeInTheDocument();
  expect(
    screen.getByText("You cannot start the Progress Update 2 if you haven't submitted the Progress Update 1."),
  ).toBeInTheDocument();
  expect(screen.getByText('You cannot start the Action Plan.')).toBeInTheDocument();
  expect(
    screen.getByRole('link', { name: 'I want to start Progress Update 1 as disaggregated undertaking' }),
  ).toHaveAttribute('href', '/accounts/42/disaggregated-undertaking/PROGRESS_UPDATE_1_P3');
  expect(
    screen.getByRole('link', { name: 'I want to start Progress Update 2 as disaggregated undertaking' }),
  ).toHaveAttribute('href', '/accounts/42/disaggregated-undertaking/PROGRESS_UPDATE_2_P3');
  expect(screen.queryByRole('button', { name: 'Start' })).toBeNull();
});

it('starts the progress update as a disaggregated undertaking and opens its task', async () => {
  window.history.replaceState(null, '', '/accounts/42/disaggregated-undertaking/PROGRESS_UPDATE_1_P3');
  const { container } = render(
    <Router>
      <Route path="/accounts/:accountId/disaggregated-undertaking/:requestType">
        <DisaggregatedUndertaking />
      </Route>
    </Router>,
  );
  expect(screen.getByRole('heading', { level: 1, name: 'Disaggregated undertakings' })).toBeInTheDocument();
  expect(screen.getByText(/Proceed only if you are an undertaking that has left the group/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/accounts/42');
  expect(await axeViolations(container)).toEqual([]);
  await userEvent.setup().click(screen.getByRole('button', { name: 'Start Progress Update 1' }));
  expect(posted).toEqual([
    {
      requestCreateActionType: 'PROGRESS_UPDATE_1_P3',
      requestCreateActionPayload: { isDisaggregateUndertaking: true },
    },
  ]);
  expect(window.location.pathname).toBe('/tasks/9');
});
