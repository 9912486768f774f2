// MI Reports (/mi-reports): the management-information reports of the caller's competent authority.
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { apiGet } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import type { MiReportTypeEntry } from '../../../domain/mi-reports';
import { miReportOf } from '../../../processes/mi-reports';
import { hasRegulatorPermission, useSession } from '../../stores/session';

export default function MiReportsPage() {
  usePageTitle('MI Reports');
  const [types, setTypes] = useState<MiReportTypeEntry[] | null>(null);
  const [failed, setFailed] = useState(false);
  const publisher = useSession((s) => hasRegulatorPermission(s, 'PUBLISH_DATA', 'EXECUTE'));
  useEffect(() => {
    apiGet('/v1.0/ORGANISATION/mireports/types')
      .then(setTypes)
      .catch(() => setFailed(true));
  }, []);
  return (
    <>
      <h1 className="govuk-heading-l">MI Reports</h1>
      <p className="govuk-body">
        Reports of your competent authority’s accounts, users and work. Each can be viewed here and downloaded as an
        Excel workbook.
      </p>
      {failed ? <p className="govuk-body">The reports could not be loaded. Try again later.</p> : null}
      {types ? (
        <table className="govuk-table">
          <caption className="govuk-table__caption govuk-visually-hidden">Reports</caption>
          <thead className="govuk-table__head">
            <tr className="govuk-table__row">
              <th scope="col" className="govuk-table__header">
                Report
              </th>
            </tr>
          </thead>
          <tbody className="govuk-table__body">
            {types.map((t) => (
              <tr key={t.miReportType} className="govuk-table__row">
                <td className="govuk-table__cell">
                  <Link className="govuk-link" href={`/mi-reports/${miReportOf(t.miReportType)?.slug ?? ''}`}>
                    {t.name}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {publisher ? (
        <p className="govuk-body">
          <Link className="govuk-link" href="/published-data/manage">
            Publish data
          </Link>{' '}
          from the submitted reports for anyone to download.
        </p>
      ) : null}
    </>
  );
}
