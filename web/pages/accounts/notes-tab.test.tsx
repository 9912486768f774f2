// The account page's Notes tab against a mocked API: files go to the account's upload URL, are saved
// with the note, and download through the account's token URL.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, testResponse, type FetchCall } from '../../../test/web/responses';
import { NotesTab } from './notes-tab';
import type { AccountNoteDto } from '../../../domain/notes';

const calls: FetchCall[] = [];
let editPermission: boolean;
const stored: AccountNoteDto = {
  id: 3,
  accountId: 42,
  note: 'Boiler replaced',
  files: { 'f-9': 'Invoice.pdf' },
  submitter: 'Ann Operator',
  submitterId: 'u1',
  roleType: 'OPERATOR',
  updatedAt: '2025-03-01T10:00:00Z',
  editable: true,
};

beforeEach(() => {
  calls.length = 0;
  editPermission = true;
  mockFetch(calls, ({ method, path }) => {
    if (method === 'GET' && path === '/v1.0/account-notes')
      return testResponse(200, { accountNotes: [stored], totalItems: 1, hasUserEditPermission: editPermission });
    if (method === 'POST' && path === '/v1.0/account-notes/upload/account/42')
      return testResponse(200, { uuid: 'new-file' });
    if (method === 'GET' && path === '/v1.0/account-notes/42/files')
      return testResponse(200, { token: 'tok', tokenExpirationMinutes: 1 });
    if (method === 'GET' && path === '/v1.0/file-notes/tok')
      return { ok: true, status: 200, headers: { get: () => 'application/pdf' }, blob: async () => new Blob(['%PDF']) };
    return testResponse(method === 'POST' ? 201 : 200, stored);
  });
});
afterEach(() => jest.restoreAllMocks());

const sent = (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);

it('uploads a file to the account and saves it with a new note', async () => {
  const user = userEvent.setup();
  render(<NotesTab accountId={42} />);
  await user.upload(
    await screen.findByLabelText('Upload a file (optional)'),
    new File(['a,b'], 'Readings.csv', { type: 'text/csv' }),
  );
  expect(await screen.findByRole('link', { name: 'Remove Readings.csv' })).toBeInTheDocument();
  await user.type(screen.getByLabelText('Add a note'), 'Meter readings');
  await user.click(screen.getByRole('button', { name: 'Save note' }));
  await waitFor(() => expect(sent('POST', '/v1.0/account-notes')).toHaveLength(1));
  expect(sent('POST', '/v1.0/account-notes')[0]!.body).toEqual({
    accountId: 42,
    note: 'Meter readings',
    files: ['new-file'],
  });
  expect(sent('POST', '/v1.0/account-notes/upload/account/42')).toHaveLength(1);
});

it('downloads a note’s file through the account’s token URL', async () => {
  const clicked: string[] = [];
  Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.download);
  });
  const user = userEvent.setup();
  render(<NotesTab accountId={42} />);
  await user.click(await screen.findByRole('link', { name: 'Invoice.pdf (download)' }));
  await waitFor(() => expect(clicked).toEqual(['Invoice.pdf']));
  expect(sent('GET', '/v1.0/account-notes/42/files')[0]!.query.get('uuid')).toBe('f-9');
});

it('keeps the note’s files when it is edited', async () => {
  const user = userEvent.setup();
  render(<NotesTab accountId={42} />);
  await user.click(await screen.findByRole('link', { name: 'Edit note by Ann Operator' }));
  await user.type(screen.getByLabelText('Edit the note'), ' and serviced');
  await user.click(screen.getByRole('button', { name: 'Save note' }));
  await waitFor(() => expect(sent('PUT', '/v1.0/account-notes/3')).toHaveLength(1));
  expect(sent('PUT', '/v1.0/account-notes/3')[0]!.body).toEqual({
    note: 'Boiler replaced and serviced',
    files: ['f-9'],
  });
});

it('shows no form to someone who may not write notes', async () => {
  editPermission = false;
  render(<NotesTab accountId={42} />);
  expect(await screen.findByText('Boiler replaced')).toBeInTheDocument();
  expect(screen.queryByLabelText('Add a note')).not.toBeInTheDocument();
  expect(screen.queryByLabelText('Upload a file (optional)')).not.toBeInTheDocument();
});
