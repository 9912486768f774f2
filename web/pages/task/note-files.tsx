// Notes with files, shared by request notes (task page) and account notes (account page). Files are
// uploaded as soon as they are chosen (as the reference does), attached by uuid when the note is
// saved, and downloaded through a short-lived token: the file is fetched signed in, as a blob.
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  ActionLink,
  Button,
  ErrorMessage,
  ErrorSummary,
  FormGroup,
  Hint,
  Pagination,
  Textarea,
} from '../../components';
import { HttpError, apiGet, apiPost } from '../../lib/api';
import { NOTE_MAX_LENGTH, NOTE_REQUIRED } from '../../../domain/notes';
import { NOTE_MAX_FILES, UPLOAD_ACCEPT, UPLOAD_HINT, uploadProblem } from '../../../domain/files';
import { maxLengthMessage } from '../../../domain/validation/messages';
import { FileLinks, downloadSignedIn } from './file-links';

/** uuid → file name, as the notes carry them. */
export type FileMap = Record<string, string>;

/** Where a note's files are uploaded: on an account or a request. */
export type NoteUploadPath =
  `/v1.0/account-notes/upload/account/${string}` | `/v1.0/request-notes/upload/request/${string}`;
/** Where a token for a note's file is asked for. */
export type NoteTokenPath = `/v1.0/account-notes/${string}/files` | `/v1.0/request-notes/${string}/files`;

export async function uploadFile(path: NoteUploadPath, file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  return (await apiPost(path, form)).uuid;
}

/** Gets a token for a note file, then the file itself from GET /file-notes/{token} (with auth). */
export async function downloadNoteFile(tokenPath: NoteTokenPath, uuid: string, fileName: string): Promise<void> {
  const { token } = await apiGet(tokenPath, { query: { uuid } });
  await downloadSignedIn(`/v1.0/file-notes/${encodeURIComponent(token)}`, fileName);
}

/** A note's files as download links. */
export function NoteFileLinks({ files, tokenPath }: { files: FileMap; tokenPath: NoteTokenPath }) {
  return (
    <FileLinks
      files={Object.entries(files).map(([uuid, name]) => ({
        uuid,
        name,
        download: () => downloadNoteFile(tokenPath, uuid, name),
      }))}
    />
  );
}

export interface NoteFormProps {
  /** Name of the textarea (the error summary links to it); the file input is `${name}-files`. */
  name: string;
  label: string;
  initial?: { note: string; files: FileMap };
  /** Where a chosen file is uploaded (POST, multipart `file`) → { uuid }. */
  uploadPath: NoteUploadPath;
  onSave: (note: string, files: string[]) => Promise<void>;
  onCancel?: () => void;
}

/** Write or edit a note, with optional files. */
export function NoteForm({ name, label, initial, uploadPath, onSave, onCancel }: NoteFormProps) {
  const filesName = `${name}-files`;
  const [note, setNote] = useState(initial?.note ?? '');
  const [files, setFiles] = useState<FileMap>(initial?.files ?? {});
  const [noteError, setNoteError] = useState<string | undefined>();
  const [fileError, setFileError] = useState<string | undefined>();
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [attempts, setAttempts] = useState(0);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const chosen = Array.from(input.files ?? []);
    setFileError(undefined);
    if (Object.keys(files).length + chosen.length > NOTE_MAX_FILES) {
      setFileError(`A note can have up to ${NOTE_MAX_FILES} files`);
      input.value = '';
      return;
    }
    setUploading(true);
    const problems: string[] = [];
    for (const file of chosen) {
      const problem = uploadProblem(file);
      if (problem) {
        problems.push(`${file.name}: ${problem}`);
        continue;
      }
      try {
        const uuid = await uploadFile(uploadPath, file);
        setFiles((current) => ({ ...current, [uuid]: file.name }));
      } catch (err) {
        problems.push(
          `${file.name}: ${err instanceof HttpError ? err.message : 'The file could not be uploaded. Try again later.'}`,
        );
      }
    }
    setUploading(false);
    input.value = '';
    if (problems.length) setFileError(problems.join('. '));
  };

  const remove = (uuid: string) =>
    setFiles((current) => {
      const { [uuid]: _gone, ...rest } = current;
      return rest;
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = note.trim();
    const problem =
      text === '' ? NOTE_REQUIRED : text.length > NOTE_MAX_LENGTH ? maxLengthMessage(NOTE_MAX_LENGTH) : undefined;
    setNoteError(problem);
    if (!problem) {
      setSaving(true);
      try {
        await onSave(text, Object.keys(files));
        setNote('');
        setFiles({});
        setFileError(undefined);
        return;
      } catch (err) {
        const body = err instanceof HttpError ? err.body : null;
        const message = body?.message?.replace(/^\w+: /, '') ?? 'The note could not be saved. Try again later.';
        if (body?.field === 'files') setFileError(message);
        else setNoteError(message);
      } finally {
        setSaving(false);
      }
    }
    setAttempts((n) => n + 1);
  };

  const errors = [
    ...(noteError ? [{ path: name, message: noteError }] : []),
    ...(fileError ? [{ path: filesName, message: fileError }] : []),
  ];
  const entries = Object.entries(files);
  return (
    <form noValidate onSubmit={submit}>
      <ErrorSummary errors={errors} focusKey={attempts} />
      <Textarea
        name={name}
        label={label}
        labelClassName="govuk-label--s"
        maxLength={NOTE_MAX_LENGTH}
        value={note}
        errorMessage={noteError}
        onChange={(e) => setNote(e.target.value)}
      />
      <FormGroup id={`l.${filesName}`} error={!!fileError}>
        <label className="govuk-label govuk-label--s" htmlFor={filesName}>
          Upload a file (optional)
        </label>
        <Hint id={`${filesName}-hint`}>{UPLOAD_HINT}</Hint>
        {fileError ? <ErrorMessage id={`${filesName}-error`}>{fileError}</ErrorMessage> : null}
        <input
          id={filesName}
          name={filesName}
          type="file"
          multiple
          accept={UPLOAD_ACCEPT}
          className={`govuk-file-upload${fileError ? ' govuk-file-upload--error' : ''}`}
          aria-describedby={fileError ? `${filesName}-hint ${filesName}-error` : `${filesName}-hint`}
          disabled={uploading}
          onChange={(e) => void choose(e)}
        />
        <p className="govuk-body govuk-!-margin-top-2" aria-live="polite">
          {uploading ? 'Uploading…' : ''}
        </p>
        {entries.length ? (
          <ul className="govuk-list" aria-label="Files to save with the note">
            {entries.map(([uuid, fileName]) => (
              <li key={uuid}>
                {fileName}{' '}
                <ActionLink onClick={() => remove(uuid)}>
                  Remove<span className="govuk-visually-hidden"> {fileName}</span>
                </ActionLink>
              </li>
            ))}
          </ul>
        ) : null}
      </FormGroup>
      <div className="govuk-button-group">
        <Button type="submit" pending={uploading || saving}>
          Save note
        </Button>
        {onCancel ? <ActionLink onClick={onCancel}>Cancel</ActionLink> : null}
      </div>
    </form>
  );
}

/** What a note card shows: account notes and request notes have it alike. */
export interface NoteView {
  id: number;
  note: string;
  files: FileMap;
  submitter: string;
  updatedAt: string;
  editable: boolean;
}

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/** One note: who and when, the text and its files; Edit and Delete when the caller may. */
export function NoteCard({
  note,
  editing,
  formName,
  uploadPath,
  tokenPath,
  onEdit,
  onCancel,
  onSave,
  onDelete,
}: {
  note: NoteView;
  editing: boolean;
  formName: string;
  uploadPath: NoteUploadPath;
  tokenPath: NoteTokenPath;
  onEdit: () => void;
  onCancel: () => void;
  onSave: (text: string, files: string[]) => Promise<void>;
  onDelete: () => void;
}) {
  return (
    <div className="govuk-summary-card">
      <div className="govuk-summary-card__title-wrapper">
        <h3 className="govuk-summary-card__title">
          {note.submitter}, {when(note.updatedAt)}
        </h3>
        {note.editable && !editing ? (
          <ul className="govuk-summary-card__actions">
            <li className="govuk-summary-card__action">
              <ActionLink onClick={onEdit}>
                Edit<span className="govuk-visually-hidden"> note by {note.submitter}</span>
              </ActionLink>
            </li>
            <li className="govuk-summary-card__action">
              <ActionLink onClick={onDelete}>
                Delete<span className="govuk-visually-hidden"> note by {note.submitter}</span>
              </ActionLink>
            </li>
          </ul>
        ) : null}
      </div>
      <div className="govuk-summary-card__content">
        {editing ? (
          <NoteForm
            name={formName}
            label="Edit the note"
            initial={{ note: note.note, files: note.files }}
            uploadPath={uploadPath}
            onSave={onSave}
            onCancel={onCancel}
          />
        ) : (
          <>
            {/* Set through the DOM by React, not as markup: allowed by the CSP. */}
            <p className="govuk-body" style={{ whiteSpace: 'pre-wrap' }}>
              {note.note}
            </p>
            <NoteFileLinks files={note.files} tokenPath={tokenPath} />
          </>
        )}
      </div>
    </div>
  );
}

/**
 * The confirmation a note's Delete opens in place of the notes (reference §F): the note as it reads,
 * 'Yes, delete this note', and the way back. Focus moves to its heading.
 */
export function NoteDeleteConfirmation({
  note,
  returnTo,
  onConfirm,
  onCancel,
}: {
  note: NoteView;
  /** 'Workflow notes' or 'Account notes': the link back reads 'Return to: {returnTo}'. */
  returnTo: string;
  onConfirm: () => Promise<void>;
  onCancel: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => heading.current?.focus(), []);
  const confirm = async () => {
    setPending(true);
    try {
      await onConfirm();
    } catch (err) {
      setProblem(err instanceof HttpError ? err.message : 'The note could not be deleted. Try again later.');
      setPending(false);
    }
  };
  return (
    <div className="esos-note-delete">
      {problem ? <ErrorSummary errors={[{ path: 'delete-note', message: problem }]} /> : null}
      <h2 className="govuk-heading-m" tabIndex={-1} ref={heading} id="delete-note">
        Are you sure you want to delete this note?
      </h2>
      <div className="govuk-inset-text">
        <p className="govuk-body-s govuk-!-margin-bottom-2">
          {note.submitter}, {when(note.updatedAt)}
        </p>
        <p className="govuk-body" style={{ whiteSpace: 'pre-wrap' }}>
          {note.note}
        </p>
        {Object.keys(note.files).length ? (
          <p className="govuk-body-s">{`Its files are deleted too: ${Object.values(note.files).join(', ')}`}</p>
        ) : null}
      </div>
      <div className="govuk-button-group">
        <Button variant="warning" pending={pending} onClick={() => void confirm()}>
          Yes, delete this note
        </Button>
        <ActionLink onClick={onCancel}>{`Return to: ${returnTo}`}</ActionLink>
      </div>
    </div>
  );
}

/** A page of notes as the two notes routes answer it (account notes, a request's notes). */
export interface NotesPageView<N extends NoteView & { id: number }> {
  notes: N[];
  totalItems: number;
  hasUserEditPermission: boolean;
}

export const NOTES_PAGE_SIZE = 10;

/**
 * The notes of an account or a request: 'Add a note' where the caller may, each note with Edit and
 * Delete where it is theirs to change, the delete confirmation in place of the list, and
 * pagination. The page loads the notes and says how to write them.
 */
export function NotesPanel<N extends NoteView & { id: number }>({
  data,
  page,
  onPageChange,
  formName,
  returnTo,
  uploadPath,
  tokenPath,
  onAdd,
  onChange,
  onDelete,
}: {
  data: NotesPageView<N> | null;
  page: number;
  onPageChange: (page: number) => void;
  formName: string;
  /** The link back from the delete confirmation reads 'Return to: {returnTo}'. */
  returnTo: string;
  uploadPath: NoteUploadPath;
  tokenPath: NoteTokenPath;
  onAdd: (text: string, files: string[]) => Promise<void>;
  onChange: (note: N, text: string, files: string[]) => Promise<void>;
  onDelete: (note: N) => Promise<void>;
}) {
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<N | null>(null);
  const headingId = `${formName}s-heading`;

  if (deleting)
    return (
      <section aria-labelledby="delete-note">
        <NoteDeleteConfirmation
          note={deleting}
          returnTo={returnTo}
          onConfirm={async () => {
            await onDelete(deleting);
            setDeleting(null);
          }}
          onCancel={() => setDeleting(null)}
        />
      </section>
    );

  return (
    <section aria-labelledby={headingId}>
      <h2 className="govuk-heading-m" id={headingId}>
        Notes
      </h2>
      {data?.hasUserEditPermission && editing === null ? (
        <NoteForm name={formName} label="Add a note" uploadPath={uploadPath} onSave={onAdd} />
      ) : null}
      {data && data.totalItems === 0 ? <p className="govuk-body">There are no notes yet.</p> : null}
      {data?.notes.map((note) => (
        <NoteCard
          key={note.id}
          note={note}
          editing={editing === note.id}
          formName={formName}
          uploadPath={uploadPath}
          tokenPath={tokenPath}
          onEdit={() => setEditing(note.id)}
          onCancel={() => setEditing(null)}
          onSave={async (text, files) => {
            await onChange(note, text, files);
            setEditing(null);
          }}
          onDelete={() => setDeleting(note)}
        />
      ))}
      {data ? (
        <Pagination
          totalItems={data.totalItems}
          pageSize={NOTES_PAGE_SIZE}
          currentPage={page}
          onPageChange={onPageChange}
          hideSummary
        />
      ) : null}
    </section>
  );
}
