// The request page's submissions against a mocked API: a submitted snapshot read-only with its
// document, downloaded through a token of GET /request-action-file-documents.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testResponse } from '../../../test/web/responses';
import { axeViolations } from '../../../test/jsdom-axe';
import { Submissions } from './submissions';

const fetchMock = jest.fn();
const paths: string[] = [];

beforeEach(() => {
  paths.length = 0;
  (globalThis as { fetch: unknown }).fetch = fetchMock;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url: string) => {
    const u = new URL(url, 'http://localhost');
    paths.push(u.pathname + u.search);
    if (u.pathname === '/api/v1.0/request-actions/7')
      return testResponse(200, {
        id: 7,
        type: 'ACCOUNT_CLOSURE_APPLICATION_SUBMITTED',
        payload: { accountClosure: { reason: 'The company was sold' } },
        submitter: 'Rhys Regulator',
        creationDate: '2026-11-20T10:00:00Z',
        fileDocuments: { 'd0c00000-0000-4000-8000-000000000001': 'ACC000042 Account closure.pdf' },
      });
    if (u.pathname === '/api/v1.0/request-action-file-documents/7')
      return testResponse(200, { token: 'tok', tokenExpirationMinutes: 1 });
    if (u.pathname === '/api/v1.0/file-documents/tok')
      return { ok: true, status: 200, headers: { get: () => 'application/pdf' }, blob: async () => new Blob(['%PDF']) };
    return testResponse(404, { message: 'not found' });
  });
});

it('shows a submission read-only with its document, downloaded through a one-minute token', async () => {
  const saved: string[] = [];
  Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  const user = userEvent.setup();
  const { container } = render(
    <Submissions
      requestType="ACCOUNT_CLOSURE"
      entries={[
        {
          id: 7,
          type: 'ACCOUNT_CLOSURE_APPLICATION_SUBMITTED',
          submitter: 'Rhys Regulator',
          creationDate: '2026-11-20T10:00:00Z',
        },
        { id: 6, type: 'REQUEST_TASK_DUE_DATE_CHANGED', submitter: null, creationDate: '2026-11-19T10:00:00Z' },
      ]}
    />,
  );
  expect(await screen.findByRole('heading', { name: 'Account closed by Rhys Regulator' })).toBeInTheDocument();
  expect(screen.getByText('Reason for closing the account')).toBeInTheDocument();
  expect(screen.getByText('The company was sold')).toBeInTheDocument();
  // Only entries that keep a snapshot are read.
  expect(paths.filter((p) => p.startsWith('/api/v1.0/request-actions/'))).toEqual(['/api/v1.0/request-actions/7']);
  expect(await axeViolations(container)).toEqual([]);
  await user.click(screen.getByRole('link', { name: 'ACC000042 Account closure.pdf (download)' }));
  await waitFor(() => expect(saved).toEqual(['ACC000042 Account closure.pdf']));
  expect(paths).toContain(
    '/api/v1.0/request-action-file-documents/7?fileDocumentUuid=d0c00000-0000-4000-8000-000000000001',
  );
});
