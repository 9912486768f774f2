// The task page's Notes section against a mocked API: list, add with files (uploaded on choice),
// refusals shown in the field and the summary, edit and delete, and downloads through a token.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, testResponse, type FetchCall } from '../../../test/web/responses';
import { RequestNotes } from './request-notes';
import type { RequestNoteDto } from '../../../domain/notes';
import { axeViolations } from '../../../test/jsdom-axe';

const calls: FetchCall[] = [];
let notes: RequestNoteDto[];
let answers: Record<string, () => unknown>;

const note = (id: number, fields: Partial<RequestNoteDto> = {}): RequestNoteDto => ({
  id,
  requestId: 'AP000042-P3',
  note: `Note ${id}`,
  files: {},
  submitter: 'Ann Operator',
  submitterId: 'u1',
  roleType: 'OPERATOR',
  updatedAt: '2025-03-01T10:00:00Z',
  editable: false,
  ...fields,
});

/** A fetch answer with a binary body, as the download gets it. */
const fileResponse = (bytes: string, type: string) => ({
  ok: true,
  status: 200,
  headers: { get: (n: string) => (n.toLowerCase() === 'content-type' ? type : null) },
  blob: async () => new Blob([bytes], { type }),
});

beforeEach(() => {
  calls.length = 0;
  notes = [];
  answers = {};
  let nextUuid = 1;
  mockFetch(calls, ({ method, path, query, body }) => {
    const special = answers[`${method} ${path}`];
    if (special) return special();
    if (method === 'GET' && path === '/v1.0/request-notes') {
      const page = Number(query.get('page'));
      const size = Number(query.get('size'));
      return testResponse(200, {
        requestNotes: notes.slice(page * size, page * size + size),
        totalItems: notes.length,
        hasUserEditPermission: true,
      });
    }
    if (method === 'POST' && path === '/v1.0/request-notes/upload/request/AP000042-P3')
      return testResponse(200, { uuid: `00000000-0000-4000-8000-00000000000${nextUuid++}` });
    if (method === 'POST' && path === '/v1.0/request-notes')
      return testResponse(201, note(99, body as Partial<RequestNoteDto>));
    if (method === 'PUT' || method === 'DELETE') return testResponse(method === 'PUT' ? 200 : 204);
    return testResponse(404, { code: 'NOT_FOUND', message: `No answer for ${method} ${path}` });
  });
});

const sent = (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);
const fileInput = () => screen.getByLabelText('Upload a file (optional)');
const pdf = (name = 'Evidence.pdf') => new File(['%PDF-1.4'], name, { type: 'application/pdf' });

it('lists the notes with their files, and says when there are none', async () => {
  const { unmount } = render(<RequestNotes requestId="AP000042-P3" />);
  expect(await screen.findByText('There are no notes yet.')).toBeInTheDocument();
  unmount();
  notes = [
    note(1, { note: 'First line\nSecond line', files: { 'f-1': 'Meter.png' }, editable: true }),
    note(2, { submitter: 'Reg Ulator', roleType: 'REGULATOR' }),
  ];
  render(<RequestNotes requestId="AP000042-P3" />);
  expect(await screen.findByRole('heading', { level: 3, name: /^Ann Operator, 1 March 2025/ })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 2, name: 'Notes' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Meter.png (download)' })).toBeInTheDocument();
  expect(screen.getAllByRole('link', { name: /^Edit note by/ })).toHaveLength(1);
  expect(calls[0]!.query.toString()).toBe('requestId=AP000042-P3&page=0&size=10');
});

it('uploads chosen files at once and saves the note with them', async () => {
  const user = userEvent.setup();
  render(<RequestNotes requestId="AP000042-P3" />);
  await user.upload(await screen.findByLabelText('Upload a file (optional)'), [pdf(), pdf('Plan.docx')]);
  expect(await screen.findByRole('link', { name: 'Remove Plan.docx' })).toBeInTheDocument();
  const uploads = sent('POST', '/v1.0/request-notes/upload/request/AP000042-P3');
  expect(uploads).toHaveLength(2);
  expect((uploads[0]!.body as FormData).get('file')).toMatchObject({ name: 'Evidence.pdf' });

  // One is taken off again before saving.
  await user.click(screen.getByRole('link', { name: 'Remove Evidence.pdf' }));
  await user.type(screen.getByLabelText('Add a note'), '  Site visit booked ');
  await user.click(screen.getByRole('button', { name: 'Save note' }));
  await waitFor(() => expect(sent('POST', '/v1.0/request-notes')).toHaveLength(1));
  expect(sent('POST', '/v1.0/request-notes')[0]!.body).toEqual({
    requestId: 'AP000042-P3',
    note: 'Site visit booked',
    files: ['00000000-0000-4000-8000-000000000002'],
  });
  await waitFor(() => expect(sent('GET', '/v1.0/request-notes')).toHaveLength(2));
  expect(screen.getByLabelText('Add a note')).toHaveValue('');
  expect(screen.queryByRole('link', { name: 'Remove Plan.docx' })).not.toBeInTheDocument();
});

it('refuses files in the browser that the API would refuse, and shows the API’s own refusals', async () => {
  const user = userEvent.setup({ applyAccept: false });
  answers['POST /v1.0/request-notes/upload/request/AP000042-P3'] = () =>
    testResponse(400, {
      code: 'FILE1005',
      message: 'The content of the selected file is not a valid PDF file',
      field: 'file',
    });
  render(<RequestNotes requestId="AP000042-P3" />);
  const big = pdf('Big.pdf');
  Object.defineProperty(big, 'size', { value: 20 * 1024 * 1024 + 1 });
  await user.upload(await screen.findByLabelText('Upload a file (optional)'), [new File(['MZ'], 'setup.exe'), big]);
  const summary = within(await screen.findByRole('alert'));
  expect(summary.getByRole('link').textContent).toBe(
    'setup.exe: The selected file must be a PDF, DOC, DOCX, XLS, XLSX, PPT, PPTX, ODT, ODS, ODP, CSV, TXT, JPG, PNG, TIF, BMP, DIB, VSD or VSDX. Big.pdf: The selected file must be no more than 20MB',
  );
  expect(summary.getByRole('link')).toHaveAttribute('href', '#l.requestNote-files');
  expect(sent('POST', '/v1.0/request-notes/upload/request/AP000042-P3')).toHaveLength(0);
  expect(fileInput()).toHaveAccessibleDescription(
    expect.stringContaining('Big.pdf: The selected file must be no more than 20MB'),
  );

  await user.upload(fileInput(), pdf('Fake.pdf'));
  expect(
    await screen.findByText(/Fake.pdf: The content of the selected file is not a valid PDF file/, {
      selector: '.govuk-error-message',
    }),
  ).toBeInTheDocument();
});

it('needs a note, and shows what the API says about it', async () => {
  const user = userEvent.setup();
  render(<RequestNotes requestId="AP000042-P3" />);
  await user.click(await screen.findByRole('button', { name: 'Save note' }));
  expect(within(screen.getByRole('alert')).getByRole('link', { name: 'Enter a note' })).toHaveAttribute(
    'href',
    '#l.requestNote',
  );
  expect(sent('POST', '/v1.0/request-notes')).toHaveLength(0);

  answers['POST /v1.0/request-notes'] = () =>
    testResponse(400, {
      code: 'VALIDATION_ERROR',
      field: 'files',
      message: 'files: A selected file was not found. Upload it again',
    });
  await user.type(screen.getByLabelText('Add a note'), 'Hello');
  await user.click(screen.getByRole('button', { name: 'Save note' }));
  expect(await screen.findByRole('link', { name: 'A selected file was not found. Upload it again' })).toHaveAttribute(
    'href',
    '#l.requestNote-files',
  );
});

it('edits a note with its files, and deletes a note', async () => {
  const user = userEvent.setup();
  notes = [note(5, { note: 'Draft', files: { 'f-1': 'Old.pdf' }, editable: true })];
  render(<RequestNotes requestId="AP000042-P3" />);
  await user.click(await screen.findByRole('link', { name: 'Edit note by Ann Operator' }));
  expect(screen.getByLabelText('Edit the note')).toHaveValue('Draft');
  expect(screen.queryByLabelText('Add a note')).not.toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: 'Remove Old.pdf' }));
  await user.clear(screen.getByLabelText('Edit the note'));
  await user.type(screen.getByLabelText('Edit the note'), 'Final');
  await user.click(screen.getByRole('button', { name: 'Save note' }));
  await waitFor(() => expect(sent('PUT', '/v1.0/request-notes/5')).toHaveLength(1));
  expect(sent('PUT', '/v1.0/request-notes/5')[0]!.body).toEqual({ note: 'Final', files: [] });

  // Delete asks first: going back deletes nothing; 'Yes, delete this note' does.
  await user.click(await screen.findByRole('link', { name: 'Delete note by Ann Operator' }));
  expect(screen.getByRole('heading', { name: 'Are you sure you want to delete this note?' })).toHaveFocus();
  await user.click(screen.getByRole('link', { name: 'Return to: Workflow notes' }));
  expect(sent('DELETE', '/v1.0/request-notes/5')).toHaveLength(0);
  await user.click(await screen.findByRole('link', { name: 'Delete note by Ann Operator' }));
  await user.click(screen.getByRole('button', { name: 'Yes, delete this note' }));
  await waitFor(() => expect(sent('DELETE', '/v1.0/request-notes/5')).toHaveLength(1));
  expect(await screen.findByRole('heading', { name: 'Notes' })).toBeInTheDocument();
});

describe('downloads', () => {
  const createObjectURL = jest.fn(() => 'blob:file-1');
  let clicked: { href: string; download: string }[];
  beforeEach(() => {
    clicked = [];
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    notes = [note(1, { files: { 'f-1': 'Meter.png' } })];
  });
  afterEach(() => jest.restoreAllMocks());

  it('asks for a token, fetches the file with it and saves it under its name', async () => {
    answers['GET /v1.0/request-notes/AP000042-P3/files'] = () =>
      testResponse(200, { token: 'tok.en', tokenExpirationMinutes: 1 });
    answers['GET /v1.0/file-notes/tok.en'] = () => fileResponse('PNG', 'image/png');
    const user = userEvent.setup();
    render(<RequestNotes requestId="AP000042-P3" />);
    await user.click(await screen.findByRole('link', { name: 'Meter.png (download)' }));
    await waitFor(() => expect(clicked).toEqual([{ href: 'blob:file-1', download: 'Meter.png' }]));
    expect(sent('GET', '/v1.0/request-notes/AP000042-P3/files')[0]!.query.get('uuid')).toBe('f-1');
  });

  it('says so when the file cannot be downloaded', async () => {
    answers['GET /v1.0/request-notes/AP000042-P3/files'] = () =>
      testResponse(200, { token: 'old', tokenExpirationMinutes: 1 });
    answers['GET /v1.0/file-notes/old'] = () =>
      testResponse(400, {
        code: 'TOKEN1003',
        message: 'The download link has expired. Go back and select the file again',
      });
    const user = userEvent.setup();
    render(<RequestNotes requestId="AP000042-P3" />);
    await user.click(await screen.findByRole('link', { name: 'Meter.png (download)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The download link has expired. Go back and select the file again',
    );
    expect(clicked).toEqual([]);
  });
});

it('has no axe violations with notes, files and an error shown', async () => {
  notes = [note(1, { files: { 'f-1': 'Meter.png' }, editable: true })];
  const user = userEvent.setup();
  const { container } = render(
    <main>
      <h1>Task</h1>
      <RequestNotes requestId="AP000042-P3" />
    </main>,
  );
  await user.click(await screen.findByRole('button', { name: 'Save note' }));
  await screen.findByRole('alert');
  expect(await axeViolations(container)).toEqual([]);
});
