// Upload of verified organisation accounts (regulators with MANAGE_VERIFIED_ORGANISATION_ACCOUNTS at
// EXECUTE; reference platform §3.3): the CSV is read and checked in the browser, every problem is
// listed with its row, and nothing is sent while any row is wrong. The API checks again, against
// the database too, and its row errors are shown the same way.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button, ErrorSummary, NotificationBanner } from '../../components/index';
import { TemplateDownload } from './template-download';
import { usePageTitle, setFormErrors } from '../../lib/page-title';
import { HttpError, apiPost } from '../../lib/api';
import { hasRegulatorPermission, useSession } from '../../stores/session';
import { CsvSyntaxError, parseCsv } from '../../../domain/csv';
import { CSV_REQUIRED, csvFileErrors, formatCsvError, validateVerifiedAccountsCsv } from '../../../domain/accounts';

interface ServerField {
  field: string;
  message: string;
  row?: number;
}

async function readFile(file: File): Promise<string> {
  if (typeof file.text === 'function') return file.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

export default function UploadOrganisationAccountsPage() {
  usePageTitle('Upload verified organisation accounts');
  const allowed = useSession((s) => hasRegulatorPermission(s, 'MANAGE_VERIFIED_ORGANISATION_ACCOUNTS', 'EXECUTE'));
  const input = useRef<HTMLInputElement | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [attempts, setAttempts] = useState(0);
  const [uploaded, setUploaded] = useState<number | null>(null);
  const [pending, setPending] = useState(false);
  const formId = useId();
  useEffect(() => setFormErrors(formId, errors.length > 0), [formId, errors.length]);
  useEffect(() => () => setFormErrors(formId, false), [formId]);

  if (!allowed) {
    return (
      <>
        <h1 className="govuk-heading-l">Upload verified organisation accounts</h1>
        <p className="govuk-body">You do not have permission to upload verified organisation accounts.</p>
      </>
    );
  }

  const show = (messages: string[]) => {
    setErrors(messages);
    setAttempts((n) => n + 1);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setUploaded(null);
    const file = input.current?.files?.[0];
    if (!file) return show([CSV_REQUIRED]);
    const fileErrors = csvFileErrors(file);
    if (fileErrors.length > 0) return show(fileErrors);
    let checked;
    try {
      checked = validateVerifiedAccountsCsv(parseCsv(await readFile(file)));
    } catch (err) {
      return show([err instanceof CsvSyntaxError ? `Row ${err.line}: ${err.message}` : 'The file could not be read']);
    }
    if (checked.errors.length > 0) return show(checked.errors.map(formatCsvError));
    setPending(true);
    try {
      await apiPost('/v1.0/organisation/account-onboarding', {
        verifiedAccounts: checked.rows.map(({ row, registrationNumber, email }) => ({
          row,
          registrationNumber,
          email,
        })),
      });
      setErrors([]);
      setUploaded(checked.rows.length);
      if (input.current) input.current.value = '';
    } catch (err) {
      const body = err instanceof HttpError ? (err.body as { message?: string; fields?: ServerField[] } | null) : null;
      show(
        body?.fields?.length
          ? body.fields.map((f) => formatCsvError({ row: f.row ?? 0, message: f.message }))
          : [body?.message ?? 'The file could not be uploaded. Try again later.'],
      );
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        {uploaded !== null ? (
          <NotificationBanner
            type="success"
            heading={`${uploaded} verified organisation ${uploaded === 1 ? 'account was' : 'accounts were'} uploaded`}
          >
            <p className="govuk-body">Each contact has been sent an email inviting them to apply.</p>
          </NotificationBanner>
        ) : null}
        <ErrorSummary errors={errors.map((message) => ({ path: 'file', message }))} focusKey={attempts} />
        <h1 className="govuk-heading-l">Upload verified organisation accounts</h1>
        <p className="govuk-body">
          Upload a CSV file with two columns headed <strong>CRN</strong> and <strong>Email</strong>: the Company
          Registration Number of each verified organisation and the email address of the person who will apply for its
          account.
        </p>
        <TemplateDownload
          name="verified-organisation-accounts"
          fileName="Verified organisation accounts template.xlsx"
        />
        <form noValidate onSubmit={submit}>
          <div id="l.file" className={`govuk-form-group${errors.length ? ' govuk-form-group--error' : ''}`}>
            <label className="govuk-label govuk-label--m" htmlFor="file">
              Upload a file
            </label>
            <div id="file-hint" className="govuk-hint">
              A CSV file smaller than 20MB
            </div>
            {errors.length ? (
              <p id="file-error" className="govuk-error-message">
                <span className="govuk-visually-hidden">Error:</span> The file has {errors.length}{' '}
                {errors.length === 1 ? 'problem' : 'problems'}, listed above
              </p>
            ) : null}
            <input
              ref={input}
              id="file"
              name="file"
              type="file"
              accept=".csv,text/csv"
              className={`govuk-file-upload${errors.length ? ' govuk-file-upload--error' : ''}`}
              aria-describedby={errors.length ? 'file-hint file-error' : 'file-hint'}
            />
          </div>
          <Button type="submit" pending={pending}>
            Upload
          </Button>
        </form>
      </div>
    </div>
  );
}
