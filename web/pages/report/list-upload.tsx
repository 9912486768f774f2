// 'Upload a file instead' for a list that may be read from a CSV file (the organisations associated
// with the responsible undertaking): the template to download, a file input, and then either a
// confirmation that says how many items will replace how many, or the file's problems by row (as a
// spreadsheet numbers them) and column, leaving the list as it was. As in the real service (reference
// details §C) the file is read in the browser and never stored: the items it holds are saved as the
// list, and the server parses them again with the same field rules as the item page.
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Button, ErrorMessage, FormGroup, Hint, ButtonGroup } from '../../components';
import { useAnyRequestPending } from '../../lib/pending';
import { usePageTitle } from '../../lib/page-title';
import { CSV_REQUIRED, csvFileErrors } from '../../../domain/accounts';
import type { FieldEnv, ListField, Values } from '../../../domain/reports/fields';
import type { SectionDefinition, StepDefinition } from '../../../domain/reports/report';
import {
  ASSOCIATED_ORGANISATIONS_CSV_TEMPLATE,
  formatCsvRowError,
  parseAssociatedOrganisationsCsv,
  type CsvRowError,
} from '../../../processes/notification-of-compliance/sections/associated-organisations-csv';
import { actionErrors, saveTask } from '../task/task-page';
import type { TaskView } from '../task/task-view';
import type { ReportTask } from './report-tasks';
import { ReportProblems } from './report-problems';
import { ReportPageLayout } from './report-page-layout';
import { inApp, stepPath, taskPath } from './links';
import { TemplateDownload } from '../accounts/template-download';

/** A list that may be uploaded: its template and the one parser its file goes through. */
export interface ListUpload {
  heading: string;
  templateName: string;
  /** The CSV template: the parser's heading row. */
  template: string;
  /** The same columns as an .xlsx with an instructions sheet (GET /templates/{name}). */
  workbook: { name: string; fileName: string };
  parse: (text: string, env: FieldEnv<unknown>) => { items: Values[] } | { rowErrors: CsvRowError[] };
}

/** The lists that may be uploaded, by the list's name in the report definition. */
export const listUploads: Record<string, ListUpload> = {
  organisationsAssociatedWithRU: {
    heading: 'Upload a file with information on the organisations complying as one participant',
    templateName: 'Active UK organisations template.csv',
    template: ASSOCIATED_ORGANISATIONS_CSV_TEMPLATE,
    workbook: { name: 'associated-organisations', fileName: 'Active UK organisations template.xlsx' },
    parse: (text, env) => parseAssociatedOrganisationsCsv(text, env.ctx as never),
  },
};

/** Problems shown at most; the rest are counted. */
export const SHOWN_PROBLEMS = 100;
export const NOT_UTF8 = 'The selected file must be saved as CSV UTF-8: it has characters that are not UTF-8';
export const moreProblems = (n: number) => `And ${n.toLocaleString('en-GB')} more ${n === 1 ? 'problem' : 'problems'}`;
export const replaceMessage = (count: number, current: number, label: string) =>
  `The file has ${count.toLocaleString('en-GB')} ${count === 1 ? label : `${label}s`}. ${
    current === 0
      ? 'They will be the list.'
      : `They will replace the ${current.toLocaleString('en-GB')} ${current === 1 ? label : `${label}s`} in the list.`
  }`;

/** The text of a file: UTF-8 (a byte order mark is dropped), or null when it is not UTF-8. */
export function utf8Text(bytes: ArrayBuffer): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
}

/** A file's bytes (FileReader: what every browser, and the tests' DOM, reads files with). */
const bytesOf = (file: File) =>
  new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(file);
  });

interface Props {
  view: TaskView;
  report: ReportTask;
  section: SectionDefinition;
  step: StepDefinition;
  list: ListField;
  upload: ListUpload;
  values: Values;
  ctx: unknown;
}

export function ListUploadPage({ view, report, section, step, list, upload, values, ctx }: Props) {
  const [, navigate] = useLocation();
  const pending = useAnyRequestPending();
  const [errors, setErrors] = useState<string[]>([]);
  const [read, setRead] = useState<Values[] | null>(null);
  const taskId = view.requestTask.id;
  const listPath = stepPath(taskId, section.id, step.id);
  const current = ((values[list.name] as Values[] | undefined) ?? []).length;
  usePageTitle(errors.length ? `Error: ${upload.heading}` : upload.heading);
  const label = list.itemLabel.toLowerCase();

  const choose = async (file: File | undefined) => {
    setRead(null);
    if (!file) return setErrors([CSV_REQUIRED]);
    const fileErrors = csvFileErrors(file);
    if (fileErrors.length) return setErrors(fileErrors);
    const text = utf8Text(await bytesOf(file));
    if (text === null) return setErrors([NOT_UTF8]);
    const result = upload.parse(text, { ctx, section: values });
    if ('rowErrors' in result) {
      const messages = result.rowErrors.slice(0, SHOWN_PROBLEMS).map(formatCsvRowError);
      if (result.rowErrors.length > SHOWN_PROBLEMS)
        messages.push(moreProblems(result.rowErrors.length - SHOWN_PROBLEMS));
      return setErrors(messages);
    }
    setErrors([]);
    setRead(result.items);
  };

  const replace = async () => {
    if (!read) return;
    try {
      await saveTask(view, report.save!, {
        section: section.id,
        data: { ...values, [list.name]: read },
        complete: false,
      });
    } catch (err) {
      setRead(null);
      setErrors(actionErrors(err).map((e) => e.message));
      return;
    }
    navigate(listPath);
  };

  const templateHref = `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${upload.template}`)}`;
  return (
    <ReportPageLayout back={listPath} returnTo={taskPath(taskId)}>
      <ReportProblems problems={errors.map((message) => ({ message, href: '#csv-file' }))} />
      <span className="govuk-caption-l">{section.title}</span>
      <h1 className="govuk-heading-l">{upload.heading}</h1>
      <p className="govuk-body">
        Fill in the template, one {label} a row, and save it as CSV UTF-8. An upload replaces the {label}s in the list.
      </p>
      <p className="govuk-body">
        <a className="govuk-link" href={templateHref} download={upload.templateName}>
          Download the template: {upload.templateName}
        </a>
      </p>
      <TemplateDownload {...upload.workbook} />
      {read ? (
        <>
          <p className="govuk-body govuk-!-font-weight-bold" role="status">
            {replaceMessage(read.length, current, label)}
          </p>
          <ButtonGroup>
            <Button pending={pending} onClick={() => void replace()}>
              Save and continue
            </Button>
            <Link href={listPath} className="govuk-link" onClick={inApp(navigate)}>
              Cancel
            </Link>
          </ButtonGroup>
        </>
      ) : null}
      <FormGroup id="l.csv-file" error={errors.length > 0}>
        <label className="govuk-label govuk-label--s" htmlFor="csv-file">
          Upload a file
        </label>
        <Hint id="csv-file-hint">Your file must be a CSV file, no more than 20MB.</Hint>
        {errors.length ? <ErrorMessage id="csv-file-error">{errors[0]}</ErrorMessage> : null}
        <input
          id="csv-file"
          name="csv-file"
          type="file"
          accept=".csv,text/csv"
          className={`govuk-file-upload${errors.length ? ' govuk-file-upload--error' : ''}`}
          aria-describedby={errors.length ? 'csv-file-hint csv-file-error' : 'csv-file-hint'}
          onChange={(e) => void choose(e.target.files?.[0])}
        />
      </FormGroup>
    </ReportPageLayout>
  );
}
