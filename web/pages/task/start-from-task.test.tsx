// 'Send a request for information' from a regulator's task (issue 30), against a mocked API: offered
// when the regulator may start one on the task's account, it starts one there and opens its first
// task with the questions opening on a reference to the task's request; not offered otherwise.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testResponse } from '../../../test/web/responses';
import { RFI_APPLICATION_SUBMIT, RFI_CANCEL, RFI_SUBMIT } from '../../../processes/request-for-information/codes';
import { axeViolations, renderTaskPage, taskView } from '../../../test/web/task-api';

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  (globalThis as { fetch: unknown }).fetch = fetchMock;
});

const review = taskView('NOTIFICATION_OF_COMPLIANCE_P3_REVIEW', {});
review.requestInfo = { ...review.requestInfo, id: 'NOC000042-P3', type: 'NOTIFICATION_OF_COMPLIANCE_P3' };
const compose = taskView(RFI_APPLICATION_SUBMIT, {}, { allowed: [RFI_SUBMIT, RFI_CANCEL] });
compose.requestInfo = { ...compose.requestInfo, id: 'RFI000042-1', type: 'RFI' };
compose.requestTask = { ...compose.requestTask, id: 99 };

function mockApi(rfiValid: boolean, started: unknown[]) {
  fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
    const path = url.replace(/^\/api/, '').split('?')[0]!;
    const method = init?.method ?? 'GET';
    if (method === 'GET' && path === '/v1.0/tasks/7') return testResponse(200, review);
    if (method === 'GET' && path === '/v1.0/tasks/99') return testResponse(200, compose);
    if (method === 'GET' && path === '/v1.0/request-actions') return testResponse(200, []);
    if (method === 'GET' && path === '/v1.0/requests/available-workflows/permit/42')
      return testResponse(200, rfiValid ? { RFI: { valid: true } } : {});
    if (method === 'POST' && path === '/v1.0/requests') {
      started.push({ url, body: JSON.parse(String(init?.body)) });
      return testResponse(201, {
        requestId: 'RFI000042-1',
        requestStatus: 'IN_PROGRESS',
        tasks: [{ taskId: 99, taskType: RFI_APPLICATION_SUBMIT }],
      });
    }
    return testResponse(404, { code: 'NOT_FOUND', message: `No answer for ${method} ${path}` });
  });
}

describe('sending a request for information from a task', () => {
  it("starts one on the task's account and opens it, its questions naming the request the regulator came from", async () => {
    const started: { url: string; body: unknown }[] = [];
    mockApi(true, started);
    const user = userEvent.setup();
    renderTaskPage();
    const link = await screen.findByRole('link', { name: 'Send a request for information' });
    expect(await axeViolations(document.body)).toEqual([]);
    await user.click(link);
    await waitFor(() => expect(window.location.pathname).toBe('/tasks/99'));
    expect(started).toEqual([
      { url: expect.stringContaining('accountId=42'), body: { requestCreateActionType: 'RFI' } },
    ]);
    expect(await screen.findByLabelText('What information do you need?')).toHaveValue(
      'This request is about NOC000042-P3.\n\n',
    );
  });

  it('is not offered when the regulator may not start one on the account', async () => {
    mockApi(false, []);
    renderTaskPage();
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(expect.stringContaining('available-workflows'), expect.anything()),
    );
    expect(screen.queryByRole('link', { name: 'Send a request for information' })).toBeNull();
  });
});
