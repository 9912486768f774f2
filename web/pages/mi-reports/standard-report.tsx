// A fixed report on screen: its filters (completed work: a period; outstanding tasks: task types
// and regulators), a sheet at a time for workbooks of several sheets, 20 rows a page, and the
// download of the whole workbook as .xlsx, written by the server.
import { useEffect, useState } from 'react';
import * as v from 'valibot';
import { Button, Checkboxes, DateInput } from '../../components';
import { FormErrorSummary, registerDate, useGovForm } from '../../forms';
import { HttpError, apiDownload, apiGet, apiPost } from '../../lib/api';
import { dateValue } from '../../../domain/validation/dates';
import { dateValueToIso } from '../../../domain/validation';
import { taskTypeLabel } from '../../../processes';
import { miReportOf } from '../../../processes/mi-reports';
import { MI_DATE_ORDER, MI_PAGE_SIZE, type MiReportPage, type MiReportType } from '../../../domain/mi-reports';
import { ExcelDownload } from './excel-download';
import { ReportTable } from './report-table';
import { pushPlace, readPlace, type ReportPlace } from './report-query';

type Filters = Record<string, unknown>;

export function StandardReport({ type }: { type: MiReportType }) {
  const [place, setPlace] = useState<ReportPlace>(readPlace);
  const [filters, setFilters] = useState<Filters>({});
  const [report, setReport] = useState<MiReportPage | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const name = miReportOf(type)?.name ?? type;

  useEffect(() => {
    const sync = () => setPlace(readPlace());
    window.addEventListener('popstate', sync);
    return () => window.removeEventListener('popstate', sync);
  }, []);
  useEffect(() => {
    let live = true;
    apiPost('/v1.0/ORGANISATION/mireports', {
      reportType: type,
      ...filters,
      page: place.page - 1,
      size: MI_PAGE_SIZE,
      ...(place.sheet ? { sheet: place.sheet } : {}),
    })
      .then((r) => live && setReport(r))
      .catch(
        (err) =>
          live &&
          setFailed(err instanceof HttpError ? err.message : 'The report could not be loaded. Try again later.'),
      );
    return () => {
      live = false;
    };
  }, [type, filters, place]);

  const go = (next: ReportPlace) => {
    pushPlace(next);
    setPlace(next);
  };

  return (
    <>
      <h1 className="govuk-heading-l">{name}</h1>
      {type === 'COMPLETED_WORK' ? (
        <PeriodFilter
          onApply={(f) => {
            setFilters(f);
            go({ page: 1 });
          }}
        />
      ) : null}
      {type === 'REGULATOR_OUTSTANDING_REQUEST_TASKS' ? (
        <TasksFilter
          onApply={(f) => {
            setFilters(f);
            go({ page: 1 });
          }}
        />
      ) : null}
      {failed ? <p className="govuk-body">{failed}</p> : null}
      {report ? (
        <>
          {report.sheets.length > 1 ? (
            <nav aria-label="Sheets of the workbook" className="govuk-!-margin-bottom-4">
              <h2 className="govuk-heading-s">Sheets</h2>
              <ul className="govuk-list">
                {report.sheets.map((sheet) => (
                  <li key={sheet}>
                    {sheet === report.sheet ? (
                      <strong aria-current="page">{sheet}</strong>
                    ) : (
                      <a
                        className="govuk-link"
                        href={`?sheet=${encodeURIComponent(sheet)}`}
                        onClick={(e) => {
                          e.preventDefault();
                          go({ page: 1, sheet });
                        }}
                      >
                        {sheet}
                      </a>
                    )}
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          {report.sheets.length > 1 ? <h2 className="govuk-heading-m">{report.sheet}</h2> : null}
          <ReportTable
            caption={report.sheets.length > 1 ? `${name}: ${report.sheet}` : name}
            columnNames={report.columnNames}
            results={report.results}
            total={report.total}
            page={report.page + 1}
            pageSize={MI_PAGE_SIZE}
            onPage={(page) => go({ ...place, page })}
          />
          <ExcelDownload
            download={() =>
              apiDownload('/v1.0/ORGANISATION/mireports/export', { reportType: type, ...filters }, `${name}.xlsx`)
            }
            failure="The report could not be downloaded. Try again later."
          />
        </>
      ) : null}
    </>
  );
}

const periodSchema = v.object({ fromDate: dateValue(), toDate: dateValue() });

function PeriodFilter({ onApply }: { onApply: (filters: Filters) => void }) {
  const form = useGovForm({
    schema: periodSchema,
    defaultValues: { fromDate: { day: '', month: '', year: '' }, toDate: { day: '', month: '', year: '' } },
  });
  const apply = (values: v.InferOutput<typeof periodSchema>) => {
    const fromDate = dateValueToIso(values.fromDate);
    const toDate = dateValueToIso(values.toDate);
    if (fromDate && toDate && toDate < fromDate) return form.setError('toDate', { message: MI_DATE_ORDER });
    onApply({ fromDate, toDate });
  };
  return (
    <form noValidate onSubmit={form.handleSubmit(apply)}>
      <FormErrorSummary form={form} />
      <p className="govuk-body">
        The timeline events of the period, from every workflow of your competent authority. Leave a date empty for no
        limit.
      </p>
      <DateInput
        id="fromDate"
        legend="From"
        legendClassName="govuk-fieldset__legend--s"
        hint="For example, 1 4 2025"
        {...registerDate(form, 'fromDate')}
      />
      <DateInput
        id="toDate"
        legend="To"
        legendClassName="govuk-fieldset__legend--s"
        hint="For example, 30 4 2025"
        {...registerDate(form, 'toDate')}
      />
      <Button variant="secondary">Apply</Button>
    </form>
  );
}

function TasksFilter({ onApply }: { onApply: (filters: Filters) => void }) {
  const [types, setTypes] = useState<string[]>([]);
  const [regulators, setRegulators] = useState<{ userId: string; name: string }[]>([]);
  const [chosenTypes, setChosenTypes] = useState<string[]>([]);
  const [chosenUsers, setChosenUsers] = useState<string[]>([]);
  useEffect(() => {
    apiGet('/v1.0/ORGANISATION/mireports/request-task-types')
      .then(setTypes)
      .catch(() => setTypes([]));
    apiGet('/v1.0/regulator-authorities')
      .then((r) =>
        setRegulators(
          r.caUsers
            .filter((u) => u.userId && u.authorityStatus === 'ACTIVE')
            .map((u) => ({ userId: u.userId!, name: [u.firstName, u.lastName].filter(Boolean).join(' ') })),
        ),
      )
      .catch(() => setRegulators([]));
  }, []);
  const toggle = (list: string[], value: string, checked: boolean) =>
    checked ? [...list, value] : list.filter((x) => x !== value);
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onApply({ requestTaskTypes: chosenTypes, userIds: chosenUsers });
      }}
    >
      <p className="govuk-body">Open tasks of regulators of your competent authority. Choose none to see every one.</p>
      <Checkboxes
        name="requestTaskTypes"
        legend="Task types"
        legendClassName="govuk-fieldset__legend--s"
        size="medium"
        values={chosenTypes}
        onChange={(e) => setChosenTypes(toggle(chosenTypes, e.target.value, e.target.checked))}
        items={types.map((t) => ({ value: t, text: taskTypeLabel(t) ?? t }))}
      />
      <Checkboxes
        name="userIds"
        legend="Assigned to"
        legendClassName="govuk-fieldset__legend--s"
        size="medium"
        values={chosenUsers}
        onChange={(e) => setChosenUsers(toggle(chosenUsers, e.target.value, e.target.checked))}
        items={regulators.map((u) => ({ value: u.userId, text: u.name }))}
      />
      <Button variant="secondary">Apply</Button>
    </form>
  );
}
