// The request's notes on the task page: newest first, 10 a page; anyone who sees the request adds
// notes with files, and changes or deletes those the API marks editable.
import { useCallback, useEffect, useState } from 'react';
import { apiDelete, apiGet, apiPost, apiPut } from '../../lib/api';
import { NOTES_PAGE_SIZE, NotesPanel } from './note-files';
import type { RequestNotesPage } from '../../../domain/notes';

export function RequestNotes({ requestId }: { requestId: string }) {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<RequestNotesPage | null>(null);
  const base = '/v1.0/request-notes';
  const load = useCallback(() => {
    apiGet(base, { query: { requestId, page: page - 1, size: NOTES_PAGE_SIZE } }).then(setData, () => setData(null));
  }, [requestId, page]);
  useEffect(load, [load]);

  return (
    <NotesPanel
      data={data && { ...data, notes: data.requestNotes }}
      page={page}
      onPageChange={setPage}
      formName="requestNote"
      returnTo="Workflow notes"
      uploadPath={`${base}/upload/request/${encodeURIComponent(requestId)}`}
      tokenPath={`${base}/${encodeURIComponent(requestId)}/files`}
      onAdd={async (note, files) => {
        await apiPost(base, { requestId, note, files });
        setPage(1);
        load();
      }}
      onChange={async (dto, note, files) => {
        await apiPut(`${base}/${dto.id}`, { note, files });
        load();
      }}
      onDelete={async (dto) => {
        await apiDelete(`${base}/${dto.id}`);
        load();
      }}
    />
  );
}
