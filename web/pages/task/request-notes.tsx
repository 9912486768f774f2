// The request's notes on the task page: newest first, 10 a page; anyone who sees the request adds
// notes with files, and changes or deletes those the API marks editable.
import { useCallback, useEffect, useState } from 'react';
import { Pagination } from '../../components';
import { apiDelete, apiGet, apiPost, apiPut } from '../../lib/api';
import { NoteCard, NoteDeleteConfirmation, NoteForm } from './note-files';
import type { RequestNoteDto, RequestNotesPage } from '../../../domain/notes';

const PAGE_SIZE = 10;

export function RequestNotes({ requestId }: { requestId: string }) {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<RequestNotesPage | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<RequestNoteDto | null>(null);
  const base = '/v1.0/request-notes';
  const uploadPath = `${base}/upload/request/${encodeURIComponent(requestId)}` as const;
  const tokenPath = `${base}/${encodeURIComponent(requestId)}/files` as const;

  const load = useCallback(() => {
    apiGet(base, { query: { requestId, page: page - 1, size: PAGE_SIZE } }).then(setData, () => setData(null));
  }, [requestId, page]);
  useEffect(load, [load]);

  const add = async (note: string, files: string[]) => {
    await apiPost(base, { requestId, note, files });
    setPage(1);
    load();
  };
  const change = async (dto: RequestNoteDto, note: string, files: string[]) => {
    await apiPut(`${base}/${dto.id}`, { note, files });
    setEditing(null);
    load();
  };
  const remove = async (dto: RequestNoteDto) => {
    await apiDelete(`${base}/${dto.id}`);
    setDeleting(null);
    load();
  };

  if (deleting)
    return (
      <section aria-labelledby="delete-note">
        <NoteDeleteConfirmation
          note={deleting}
          returnTo="Workflow notes"
          onConfirm={() => remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      </section>
    );

  return (
    <section aria-labelledby="request-notes-heading">
      <h2 className="govuk-heading-m" id="request-notes-heading">
        Notes
      </h2>
      {data?.hasUserEditPermission && editing === null ? (
        <NoteForm name="requestNote" label="Add a note" uploadPath={uploadPath} onSave={add} />
      ) : null}
      {data && data.totalItems === 0 ? <p className="govuk-body">There are no notes yet.</p> : null}
      {data?.requestNotes.map((note) => (
        <NoteCard
          key={note.id}
          note={note}
          editing={editing === note.id}
          formName="requestNote"
          uploadPath={uploadPath}
          tokenPath={tokenPath}
          onEdit={() => setEditing(note.id)}
          onCancel={() => setEditing(null)}
          onSave={(text, files) => change(note, text, files)}
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
    </section>
  );
}
