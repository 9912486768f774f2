// 'Start a new task' on the account page: after starting, the one task of the request opens.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { testResponse } from '../../../test/web/responses';
import { StartTaskOnAccount } from '../../../test/web/start-task';

const fetchMock = jest.fn();

function api(tasks: unknown[]) {
  const posted: unknown[] = [];
  fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/api/v1.0/requests/available-workflows/permit/42'))
      return testResponse(200, { ACCOUNT_CLOSURE: { valid: true } });
    if (url === '/api/v1.0/requests?accountId=42' && init?.method === 'POST') {
      posted.push(JSON.parse(String(init.body)));
      return testResponse(201, { requestId: 'ACL000042', requestStatus: 'IN_PROGRESS', tasks });
    }
    return testResponse(404, { code: 'NOT_FOUND', message: url });
  });
  return posted;
}

beforeEach(() => {
  fetchMock.mockReset();
  (globalThis as { fetch: unknown }).fetch = fetchMock;
  window.history.replaceState(null, '', '/accounts/42');
});

const renderStart = () =>
  render(
    <Router>
      <StartTaskOnAccount accountId={42} />
    </Router>,
  );

it('opens the task when the new request has exactly one', async () => {
  const posted = api([{ taskId: 9, taskType: 'ACCOUNT_CLOSURE_SUBMIT', assignee: 'reg-1', dueAt: null }]);
  const user = userEvent.setup();
  renderStart();
  await user.click(await screen.findByRole('button', { name: 'Start account closure' }));
  expect(posted).toEqual([{ requestCreateActionType: 'ACCOUNT_CLOSURE' }]);
  expect(window.location.pathname).toBe('/tasks/9');
});

it('otherwise says where the work is', async () => {
  api([]);
  const user = userEvent.setup();
  renderStart();
  await user.click(await screen.findByRole('button', { name: 'Start account closure' }));
  expect(
    await screen.findByText('Account closure started (ACL000042). Its first task is on your Tasks page.'),
  ).toBeInTheDocument();
  expect(window.location.pathname).toBe('/accounts/42');
});

it('tells operators what the action plan and both progress updates are about, in closed panels', async () => {
  fetchMock.mockImplementation(async (url: string) =>
    url.startsWith('/api/v1.0/requests/available-workflows/permit/42')
      ? testResponse(200, {
          ACTION_PLAN_P3: { valid: true },
          PROGRESS_UPDATE_1_P3: { valid: false, requests: ['ACTION_PLAN_P3'] },
          PROGRESS_UPDATE_2_P3: { valid: false, requests: ['PROGRESS_UPDATE_1_P3'] },
        })
      : testResponse(404, { code: 'NOT_FOUND', message: url }),
  );
  renderStart();
  for (const [title, fact] of [
    ['About Phase 3 Action Plan', /by 5 December 2027/],
    ['About Phase 3 Progress Update 1', /6 December 2024 to 5 December 2025/],
    ['About Phase 3 Progress Update 2', /6 December 2025 to 5 December 2026/],
  ] as const) {
    const summary = await screen.findByText(title);
    const details = summary.closest('details')!;
    expect(details.open).toBe(false);
    expect(details).toHaveTextContent(fact);
  }
  // The templates made from the service's own definitions, under the action plan and progress update 1.
  expect(screen.getByRole('link', { name: 'Download the template: Action plan template.xlsx' })).toBeInTheDocument();
  expect(
    screen.getByRole('link', { name: 'Download the template: Progress update 1 template.xlsx' }),
  ).toBeInTheDocument();
});
