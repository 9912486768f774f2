// Files as download links (a note's files, a submission's documents and attachments): each is
// fetched signed in through a one-minute token, as a blob; why one failed is shown above the list.
import { useState } from 'react';
import { ActionLink } from '../../components';
import { API_BASE, HttpError, saveBlob } from '../../lib/api';
import { getAccessToken } from '../../lib/auth/tokens';

/** Gets the file at `path` (under the API) with the signed-in user's access token and saves it. */
export async function downloadSignedIn(path: string, fileName: string): Promise<void> {
  const access = await getAccessToken();
  const res = await fetch(`${API_BASE}${path}`, { headers: access ? { authorization: `Bearer ${access}` } : {} });
  if (!res.ok)
    throw new HttpError(
      res.status,
      res.headers.get('content-type')?.includes('application/json') ? await res.json().catch(() => null) : null,
    );
  saveBlob(await res.blob(), fileName);
}

export interface FileLink {
  uuid: string;
  name: string;
  download: () => Promise<void>;
}

export function FileLinks({ files }: { files: FileLink[] }) {
  const [error, setError] = useState<string | null>(null);
  if (files.length === 0) return null;
  const get = async ({ name, download }: FileLink) => {
    setError(null);
    try {
      await download();
    } catch (err) {
      setError(
        err instanceof HttpError && err.body?.message
          ? err.body.message
          : `${name} could not be downloaded. Try again later.`,
      );
    }
  };
  return (
    <>
      {error ? (
        <p className="govuk-error-message" role="alert">
          <span className="govuk-visually-hidden">Error:</span> {error}
        </p>
      ) : null}
      <ul className="govuk-list">
        {files.map((file) => (
          <li key={file.uuid}>
            <ActionLink onClick={() => void get(file)}>
              {file.name}
              <span className="govuk-visually-hidden"> (download)</span>
            </ActionLink>
          </li>
        ))}
      </ul>
    </>
  );
}
