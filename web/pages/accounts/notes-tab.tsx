// Account notes: newest first, 10 a page; add, edit and delete where the API says the caller may,
// with files uploaded when chosen and downloaded through a token (web/pages/task/note-files.tsx).
import { useCallback, useEffect, useState } from 'react';
import { apiDelete, apiGet, apiPost, apiPut } from '../../lib/api';
import { NOTES_PAGE_SIZE, NotesPanel } from '../task/note-files';
import type { AccountNotesPage } from '../../../domain/notes';

export function NotesTab({ accountId }: { accountId: number }) {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<AccountNotesPage | null>(null);
  const load = useCallback(() => {
    apiGet('/v1.0/account-notes', { query: { accountId, page: page - 1, size: NOTES_PAGE_SIZE } }).then(setData, () =>
      setData(null),
    );
  }, [accountId, page]);
  useEffect(load, [load]);

  return (
    <NotesPanel
      data={data && { ...data, notes: data.accountNotes }}
      page={page}
      onPageChange={setPage}
      formName="note"
      returnTo="Account notes"
      uploadPath={`/v1.0/account-notes/upload/account/${accountId}`}
      tokenPath={`/v1.0/account-notes/${accountId}/files`}
      onAdd={async (note, files) => {
        await apiPost('/v1.0/account-notes', { accountId, note, files });
        setPage(1);
        load();
      }}
      onChange={async (dto, note, files) => {
        await apiPut(`/v1.0/account-notes/${dto.id}`, { note, files });
        load();
      }}
      onDelete={async (dto) => {
        await apiDelete(`/v1.0/account-notes/${dto.id}`);
        load();
      }}
    />
  );
}
