// The 'Download as Excel (.xlsx)' button under a report or a list, the workbook written by the
// server; why a download failed is shown above it, or handed to the page (`onError`).
import { useState } from 'react';
import { Button, ButtonGroup } from '../../components';
import { HttpError } from '../../lib/api';
import { useAnyRequestPending } from '../../lib/pending';

export function ExcelDownload({
  download,
  failure,
  onError,
}: {
  download: () => Promise<void>;
  failure: string;
  onError?: (message: string) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const pending = useAnyRequestPending();
  const start = async () => {
    setError(null);
    try {
      await download();
    } catch (err) {
      if (onError) onError(err instanceof HttpError ? err.fieldMessage : failure);
      else setError(err instanceof HttpError ? err.message : failure);
    }
  };
  return (
    <>
      {error ? <p className="govuk-error-message">{error}</p> : null}
      <ButtonGroup>
        <Button type="button" variant="secondary" pending={pending} onClick={() => void start()}>
          Download as Excel (.xlsx)
        </Button>
      </ButtonGroup>
    </>
  );
}
