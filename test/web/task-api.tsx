// For the task pages' component tests: the task page at /tasks/{id} against a mocked API that keeps
// the task (SAVE merges into its payload and bumps its version) and records the actions posted.
import { render } from '@testing-library/react';
import { Route, Router } from 'wouter';
import { testResponse, type TestResponse } from './responses';
import { useSession } from '../../web/stores/session';
import TasksPage from '../../web/pages/task/tasks-page';
import type { TaskView, TimelineEntry } from '../../web/pages/task/task-view';

export interface PostedAction {
  requestTaskId: number;
  requestTaskActionType: string;
  requestTaskActionPayload: unknown;
  version?: number;
}

export interface TaskApi {
  task: TaskView;
  timeline: TimelineEntry[];
  posted: PostedAction[];
  /** Answers an action other than the default (SAVE: merge and new version; else the request ends). */
  answer?: (action: PostedAction) => TestResponse | undefined;
}

export function taskView(
  type: string,
  payload: Record<string, unknown>,
  fields: { allowed?: string[]; version?: number } = {},
): TaskView {
  return {
    requestInfo: {
      id: 'ACC000042',
      type: 'ORGANISATION_ACCOUNT_OPENING',
      status: 'IN_PROGRESS',
      competentAuthority: 'ENGLAND',
      accountId: 42,
      accountName: 'Acme Widgets Ltd',
      accountOrganisationId: 'ORG000042',
      accountRegistrationNumber: '01234567',
      creationDate: '2025-03-01T10:00:00Z',
    },
    requestTask: {
      id: 7,
      type,
      payload,
      version: fields.version ?? 3,
      assignee: { userId: 'reg-1', firstName: 'Rita', lastName: 'Regulator' },
      startDate: '2025-03-01T10:00:00Z',
      dueDate: null,
      daysRemaining: null,
    },
    allowedRequestTaskActions: fields.allowed ?? [],
    userAssignCapable: false,
  };
}

/** Installs the fetch mock; the returned state changes as the page acts. */
/** Two codes of the UK SIC 2007 list, as GET /data answers them. */
const sicCodes = [
  { code: '25110', description: 'Manufacture of metal structures and parts of structures', section: 'C' },
  { code: '25990', description: 'Manufacture of other fabricated metal products n.e.c.', section: 'C' },
];

export function mockTaskApi(api: TaskApi, fetchMock: jest.Mock): TaskApi {
  fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
    const path = url.replace(/^\/api/, '').split('?')[0]!;
    const method = init?.method ?? 'GET';
    if (method === 'GET' && path === `/v1.0/tasks/${api.task.requestTask.id}`) return testResponse(200, api.task);
    if (method === 'GET' && path === '/v1.0/request-actions') return testResponse(200, api.timeline);
    if (method === 'GET' && path === '/v1.0/data') return testResponse(200, { SIC_CODES: sicCodes });
    if (method === 'POST' && path === '/v1.0/tasks/actions') {
      const action = JSON.parse(String(init?.body)) as PostedAction;
      api.posted.push(action);
      const special = api.answer?.(action);
      if (special) return special;
      if (action.version !== undefined) {
        const task = api.task.requestTask;
        api.task = {
          ...api.task,
          requestTask: {
            ...task,
            payload: { ...task.payload, ...(action.requestTaskActionPayload as object) },
            version: task.version + 1,
          },
        };
        return testResponse(200, { requestTaskId: task.id, version: task.version + 1 });
      }
      return testResponse(200, {
        requestTaskId: api.task.requestTask.id,
        requestId: api.task.requestInfo.id,
        requestStatus: 'COMPLETED',
        nextTasks: [],
      });
    }
    return testResponse(404, { code: 'NOT_FOUND', message: `No answer for ${method} ${path}` });
  });
  return api;
}

export function renderTaskPage(taskId = 7) {
  useSession.setState({
    signedIn: true,
    userState: { userId: 'reg-1', roleType: 'REGULATOR', status: 'ENABLED' },
    regulatorPermissions: null,
  });
  window.history.replaceState(null, '', `/tasks/${taskId}`);
  return render(
    <Router>
      <Route path="/tasks/:taskId" component={TasksPage} />
    </Router>,
  );
}

export { axeViolations } from '../jsdom-axe';
