// The compliance overview (/compliance, regulators): for each report, how many of the competent
// authority's live accounts have submitted, are in progress, have not started, and are overdue, each
// number a link to its list; the notifications by category; submissions over time. Each chart has
// the same numbers in a table beside it or behind a details element.
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { Details } from '../../components';
import { ScrollableTable } from '../../components/scrollable-table';
import { apiGet } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import {
  COMPLIANCE_TITLE,
  complianceStateLabels,
  complianceStates,
  type ComplianceOverview,
} from '../../../domain/compliance';
import { Chart } from './chart';
import type { ChartSpec } from './charts';
import { listHref } from './list-address';

/** GOV.UK style: '11:37am'. */
const timeOfDay = (iso: string) =>
  new Date(iso)
    .toLocaleTimeString('en-GB', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: 'Europe/London' })
    .replace(/\s/g, '');
const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  });
const shortDate = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

export default function ComplianceOverviewPage() {
  usePageTitle(COMPLIANCE_TITLE);
  const [overview, setOverview] = useState<ComplianceOverview | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    apiGet('/v1.0/compliance/overview')
      .then(setOverview)
      .catch(() => setFailed(true));
  }, []);
  const specs = useMemo(() => {
    if (!overview) return null;
    const status: ChartSpec = {
      kind: 'status',
      reports: overview.reports,
      hrefOf: (requestType, state) => listHref({ requestType, state: state as never }),
    };
    const breakdowns: ChartSpec[] = overview.breakdowns.map((b) => ({
      kind: 'breakdown',
      breakdown: b,
      hrefOf: (category) => listHref({ requestType: b.requestType, state: 'SUBMITTED', category }),
    }));
    const overTime: ChartSpec = { kind: 'overTime', series: overview.overTime };
    return { status, breakdowns, overTime };
  }, [overview]);

  return (
    <>
      <h1 className="govuk-heading-l">{COMPLIANCE_TITLE}</h1>
      <p className="govuk-body">
        Where your competent authority’s live organisation accounts stand on each report. Select a number to see those
        organisations, download them or send them a reminder.
      </p>
      {failed ? <p className="govuk-body">The overview could not be loaded. Try again later.</p> : null}
      {overview && specs ? (
        <>
          <p className="govuk-body">
            <strong>{overview.liveAccounts}</strong> live {overview.liveAccounts === 1 ? 'account' : 'accounts'}.
            Figures as at {timeOfDay(overview.asOf)} on {longDate(overview.asOf)}.
          </p>

          <h2 className="govuk-heading-m" id="by-report">
            Reports by status
          </h2>
          <ScrollableTable label="Reports by status">
            <table className="govuk-table" aria-labelledby="by-report">
              <thead className="govuk-table__head">
                <tr className="govuk-table__row">
                  <th scope="col" className="govuk-table__header">
                    Report
                  </th>
                  <th scope="col" className="govuk-table__header">
                    Due
                  </th>
                  {complianceStates.map((s) => (
                    <th key={s} scope="col" className="govuk-table__header govuk-table__header--numeric">
                      {complianceStateLabels[s]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="govuk-table__body">
                {overview.reports.map((r) => (
                  <tr key={r.requestType} className="govuk-table__row">
                    <th scope="row" className="govuk-table__header">
                      {r.name}
                    </th>
                    <td className="govuk-table__cell">{longDate(r.dueAt)}</td>
                    {complianceStates.map((s) => (
                      <td key={s} className="govuk-table__cell govuk-table__cell--numeric">
                        <Link
                          className="govuk-link"
                          href={listHref({ requestType: r.requestType, state: s })}
                          aria-label={`${r.name}, ${complianceStateLabels[s]}: ${r.counts[s]} organisations (${r.percentages[s]}%)`}
                        >
                          {r.counts[s]}
                        </Link>{' '}
                        <span className="govuk-body-s app-percentage">({r.percentages[s]}%)</span>
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollableTable>
          <p className="govuk-body-s">
            A report is overdue when it has not been submitted and its due date (the task’s own, if a regulator moved
            it) has passed. Overdue organisations are also counted as in progress or not started.
          </p>
          <Chart
            spec={specs.status}
            title="Reports by status: organisations that have submitted, are in progress or have not started each report"
          />

          {overview.breakdowns.map((b, i) => (
            <section key={b.requestType} aria-labelledby={`breakdown-${i}`}>
              <h2 className="govuk-heading-m" id={`breakdown-${i}`}>
                {b.title}
              </h2>
              <div className="govuk-grid-row">
                <div className="govuk-grid-column-two-thirds-from-desktop">
                  <table className="govuk-table" aria-labelledby={`breakdown-${i}`}>
                    <thead className="govuk-table__head">
                      <tr className="govuk-table__row">
                        <th scope="col" className="govuk-table__header">
                          Category
                        </th>
                        <th scope="col" className="govuk-table__header govuk-table__header--numeric">
                          Submitted
                        </th>
                      </tr>
                    </thead>
                    <tbody className="govuk-table__body">
                      {b.rows.map((row) => (
                        <tr key={row.value} className="govuk-table__row">
                          <th scope="row" className="govuk-table__header app-wrap">
                            {row.label}
                          </th>
                          <td className="govuk-table__cell govuk-table__cell--numeric">
                            <Link
                              className="govuk-link"
                              href={listHref({ requestType: b.requestType, state: 'SUBMITTED', category: row.value })}
                              aria-label={`${row.label}: ${row.count} notifications`}
                            >
                              {row.count}
                            </Link>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </div>
              <Chart
                spec={specs.breakdowns[i]}
                title={`${b.title}: the number of submitted notifications in each category`}
              />
            </section>
          ))}

          <h2 className="govuk-heading-m" id="over-time">
            Submissions over time
          </h2>
          <p className="govuk-body">
            The number of each report submitted so far, day by day; a dashed line marks the close of the report’s
            submission window.
          </p>
          <Chart
            spec={specs.overTime}
            title="Submissions over time: the cumulative number of each report submitted, against its window’s close"
          />
          <Details summary="Submissions over time as a table">
            {overview.overTime.map((s) => (
              <table key={s.requestType} className="govuk-table">
                <caption className="govuk-table__caption govuk-table__caption--s">
                  {s.name}
                  {s.windowCloses ? `: window closes ${longDate(s.windowCloses)}` : ''}
                </caption>
                <thead className="govuk-table__head">
                  <tr className="govuk-table__row">
                    <th scope="col" className="govuk-table__header">
                      Date
                    </th>
                    <th scope="col" className="govuk-table__header govuk-table__header--numeric">
                      Submitted by then
                    </th>
                  </tr>
                </thead>
                <tbody className="govuk-table__body">
                  {s.points.length === 0 ? (
                    <tr className="govuk-table__row">
                      <td className="govuk-table__cell" colSpan={2}>
                        None submitted yet
                      </td>
                    </tr>
                  ) : (
                    s.points.map((p) => (
                      <tr key={p.day} className="govuk-table__row">
                        <td className="govuk-table__cell">{shortDate(p.day)}</td>
                        <td className="govuk-table__cell govuk-table__cell--numeric">{p.total}</td>
                      </tr>
                    ))
                  )}
                </tbody>
              </table>
            ))}
          </Details>
        </>
      ) : null}
    </>
  );
}
