// The custom SQL report: the regulator types a query over the views of their competent authority's
// data, sees its rows 20 a page (each page runs the query again, read-only and time-limited, on the
// server) and downloads them as .xlsx. What the database refuses is shown as the query's error.
import { useState, type FormEvent } from 'react';
import { Button, Details, ErrorSummary, Textarea } from '../../components';
import { HttpError, apiDownload, apiPost } from '../../lib/api';
import { useAnyRequestPending } from '../../lib/pending';
import {
  MI_PAGE_SIZE,
  SQL_QUERY_MAX,
  SQL_QUERY_REQUIRED,
  customReportLimitsHint,
  customReportTables,
  fixedMiReports,
  type CustomReportPage,
} from '../../../domain/mi-reports';
import { ExcelDownload } from './excel-download';
import { ReportTable } from './report-table';

export function CustomReport() {
  const [sql, setSql] = useState('');
  const [ran, setRan] = useState<string | null>(null);
  const [result, setResult] = useState<CustomReportPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempts, setAttempts] = useState(0);
  const pending = useAnyRequestPending();
  const { name } = fixedMiReports.CUSTOM;

  const show = (message: string) => {
    setError(message);
    setAttempts((n) => n + 1);
  };
  const run = async (query: string, page: number) => {
    if (query.trim() === '') return show(SQL_QUERY_REQUIRED);
    try {
      const answer = await apiPost('/v1.0/ORGANISATION/mireports/custom', {
        sqlQuery: query,
        page: page - 1,
        size: MI_PAGE_SIZE,
      });
      setError(null);
      setRan(query);
      setResult(answer);
    } catch (err) {
      if (!(err instanceof HttpError) || err.status >= 500) throw err;
      setResult(null);
      show(err.fieldMessage);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(sql, 1);
  };

  return (
    <>
      {error ? <ErrorSummary errors={[{ path: 'sqlQuery', message: error }]} focusKey={attempts} /> : null}
      <h1 className="govuk-heading-l">{name}</h1>
      <p className="govuk-body">
        Write one SELECT query over the tables listed below, which hold your competent authority’s data. It runs
        read-only, for at most a few seconds, and gives at most a fixed number of rows.
      </p>
      <p className="govuk-body">{customReportLimitsHint()}</p>
      <Details summary="Tables you can query">
        <p className="govuk-body">Each shows only your competent authority’s rows:</p>
        <ul className="govuk-list govuk-list--bullet">
          {customReportTables.map((t) => (
            <li key={t}>
              <code>{t}</code>
            </li>
          ))}
        </ul>
      </Details>
      <form noValidate onSubmit={submit}>
        <Textarea
          name="sqlQuery"
          label="SQL query"
          labelClassName="govuk-label--s"
          rows={8}
          maxLength={SQL_QUERY_MAX}
          spellCheck={false}
          className="app-code"
          value={sql}
          errorMessage={error ?? undefined}
          onChange={(e) => setSql(e.target.value)}
        />
        <Button pending={pending}>Run query</Button>
      </form>
      {result ? (
        <>
          <h2 className="govuk-heading-m">Results</h2>
          {result.truncated ? (
            <p className="govuk-body">
              The query gave more than {result.rowLimit} rows: only the first {result.rowLimit} are shown and
              downloaded.
            </p>
          ) : null}
          <ReportTable
            caption="Results of the query"
            columnNames={result.columnNames}
            results={result.results}
            total={result.total}
            page={result.page + 1}
            pageSize={MI_PAGE_SIZE}
            onPage={(page) => void run(ran ?? sql, page)}
          />
          <ExcelDownload
            download={async () => {
              if (ran)
                await apiDownload('/v1.0/ORGANISATION/mireports/custom/export', { sqlQuery: ran }, `${name}.xlsx`);
            }}
            failure="The report could not be downloaded. Try again later."
            onError={show}
          />
        </>
      ) : null}
    </>
  );
}
