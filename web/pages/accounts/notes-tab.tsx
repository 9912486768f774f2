// Account notes: newest first, 10 a page; add, edit and delete where the API says the caller may.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Button, ErrorSummary, Pagination, Textarea } from '../../components';
import { HttpError, apiDelete, apiGet, apiPost, apiPut } from '../../lib/api';
import { NOTE_MAX_LENGTH, NOTE_REQUIRED, type AccountNoteDto, type AccountNotesPage } from '../../../domain/accounts';

const PAGE_SIZE = 10;

function NoteForm({ initial, onSave, onCancel }: { initial: string; onSave: (note: string) => Promise<void>; onCancel?: () => void }) {
  const [note, setNote] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const [attempts, setAttempts] = useState(0);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = note.trim();
    const problem = text === '' ? NOTE_REQUIRED : text.length > NOTE_MAX_LENGTH ? `Enter up to ${NOTE_MAX_LENGTH} characters` : undefined;
    if (!problem) {
      try {
        await onSave(text);
        setNote('');
        setError(undefined);
        return;
      } catch (err) {
        setError(err instanceof HttpError ? err.message : 'The note could not be saved');
      }
    } else setError(problem);
    setAttempts((n) => n + 1);
  };
  return (
    <form noValidate onSubmit={submit}>
      <ErrorSummary errors={error ? [{ path: 'note', message: error }] : []} focusKey={attempts} />
      <Textarea name="note" label={initial ? 'Edit the note' : 'Add a note'} labelClassName="govuk-label--s" maxLength={NOTE_MAX_LENGTH} value={note} errorMessage={error} onChange={(e) => setNote(e.target.value)} />
      <div className="govuk-button-group">
        <Button type="submit">Save note</Button>
        {onCancel ? (
          <a href="#" className="govuk-link" onClick={(e) => (e.preventDefault(), onCancel())}>
            Cancel
          </a>
        ) : null}
      </div>
    </form>
  );
}

export function NotesTab({ accountId }: { accountId: number }) {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<AccountNotesPage | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const load = useCallback(() => {
    apiGet<AccountNotesPage>('/v1.0/account-notes', { query: { accountId, page: page - 1, size: PAGE_SIZE } }).then(setData, () => setData(null));
  }, [accountId, page]);
  useEffect(load, [load]);

  const save = async (note: AccountNoteDto | null, text: string) => {
    if (note) await apiPut(`/v1.0/account-notes/${note.id}`, { note: text });
    else await apiPost('/v1.0/account-notes', { accountId, note: text });
    setEditing(null);
    if (!note) setPage(1);
    load();
  };
  const remove = async (note: AccountNoteDto) => {
    await apiDelete(`/v1.0/account-notes/${note.id}`);
    load();
  };

  return (
    <>
      <h2 className="govuk-heading-m">Notes</h2>
      {data?.hasUserEditPermission && editing === null ? <NoteForm initial="" onSave={(text) => save(null, text)} /> : null}
      {data && data.totalItems === 0 ? <p className="govuk-body">There are no notes yet.</p> : null}
      {data?.accountNotes.map((note) => (
        <div key={note.id} className="govuk-summary-card">
          <div className="govuk-summary-card__title-wrapper">
            <h3 className="govuk-summary-card__title">
              {note.submitter}, {new Date(note.updatedAt).toLocaleString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' })}
            </h3>
            {note.editable && editing !== note.id ? (
              <ul className="govuk-summary-card__actions">
                <li className="govuk-summary-card__action">
                  <a href="#" className="govuk-link" onClick={(e) => (e.preventDefault(), setEditing(note.id))}>
                    Edit<span className="govuk-visually-hidden"> note by {note.submitter}</span>
                  </a>
                </li>
                <li className="govuk-summary-card__action">
                  <a href="#" className="govuk-link" onClick={(e) => (e.preventDefault(), void remove(note))}>
                    Delete<span className="govuk-visually-hidden"> note by {note.submitter}</span>
                  </a>
                </li>
              </ul>
            ) : null}
          </div>
          <div className="govuk-summary-card__content">
            {editing === note.id ? (
              <NoteForm initial={note.note} onSave={(text) => save(note, text)} onCancel={() => setEditing(null)} />
            ) : (
              <p className="govuk-body" style={{ whiteSpace: 'pre-wrap' }}>
                {note.note}
              </p>
            )}
          </div>
        </div>
      ))}
      {data ? <Pagination totalItems={data.totalItems} pageSize={PAGE_SIZE} currentPage={page} onPageChange={setPage} hideSummary /> : null}
    </>
  );
}
