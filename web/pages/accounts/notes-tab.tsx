// Account notes: newest first, 10 a page; add, edit and delete where the API says the caller may,
// with files uploaded when chosen and downloaded through a token (web/pages/task/note-files.tsx).
import { useCallback, useEffect, useState } from 'react';
import { Pagination } from '../../components';
import { apiDelete, apiGet, apiPost, apiPut } from '../../lib/api';
import { NoteCard, NoteDeleteConfirmation, NoteForm } from '../task/note-files';
import type { AccountNoteDto, AccountNotesPage } from '../../../domain/notes';

const PAGE_SIZE = 10;

export function NotesTab({ accountId }: { accountId: number }) {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<AccountNotesPage | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<AccountNoteDto | null>(null);
  const uploadPath = `/v1.0/account-notes/upload/account/${accountId}` as const;
  const tokenPath = `/v1.0/account-notes/${accountId}/files` as const;
  const load = useCallback(() => {
    apiGet('/v1.0/account-notes', { query: { accountId, page: page - 1, size: PAGE_SIZE } }).then(setData, () =>
      setData(null),
    );
  }, [accountId, page]);
  useEffect(load, [load]);

  const save = async (note: AccountNoteDto | null, text: string, files: string[]) => {
    if (note) await apiPut(`/v1.0/account-notes/${note.id}`, { note: text, files });
    else await apiPost('/v1.0/account-notes', { accountId, note: text, files });
    setEditing(null);
    if (!note) setPage(1);
    load();
  };
  const remove = async (note: AccountNoteDto) => {
    await apiDelete(`/v1.0/account-notes/${note.id}`);
    setDeleting(null);
    load();
  };

  if (deleting)
    return (
      <NoteDeleteConfirmation
        note={deleting}
        returnTo="Account notes"
        onConfirm={() => remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    );

  return (
    <>
      <h2 className="govuk-heading-m">Notes</h2>
      {data?.hasUserEditPermission && editing === null ? (
        <NoteForm
          name="note"
          label="Add a note"
          uploadPath={uploadPath}
          onSave={(text, files) => save(null, text, files)}
        />
      ) : null}
      {data && data.totalItems === 0 ? <p className="govuk-body">There are no notes yet.</p> : null}
      {data?.accountNotes.map((note) => (
        <NoteCard
          key={note.id}
          note={note}
          editing={editing === note.id}
          formName="note"
          uploadPath={uploadPath}
          tokenPath={tokenPath}
          onEdit={() => setEditing(note.id)}
          onCancel={() => setEditing(null)}
          onSave={(text, files) => save(note, text, files)}
          onDelete={() => setDeleting(note)}
        />
      ))}
      {data ? (
        <Pagination
          totalItems={data.totalItems}
          pageSize={PAGE_SIZE}
          currentPage={page}
          onPageChange={setPage}
          hideSummary
        />
      ) : null}
    </>
  );
}
