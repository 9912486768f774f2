// Published data (/published-data): the ESOS datasets regulators have published, newest first, for
// anyone, signed in or not — each version with its date, description, size and its files. A withdrawn
// version stays listed as withdrawn, with the date and the regulator's reason, and no files.
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { apiGet } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { Pagination, pageFromSearch } from '../../components';
import { formatMiDate } from '../../../domain/mi-reports';
import {
  PUBLISHED_PAGE_SIZE,
  formatPublishedSize,
  publishedFormatLabels,
  type PublicDatasetPage,
} from '../../../domain/published-data';

export default function PublishedDataPage() {
  usePageTitle('Published ESOS data');
  const page = pageFromSearch(useSearch());
  const [data, setData] = useState<PublicDatasetPage | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    apiGet(`/v1.0/published-data?page=${page - 1}&size=${PUBLISHED_PAGE_SIZE}`, {
      auth: false,
    }).then(setData, () => setFailed(true));
  }, [page]);
  return (
    <>
      <h1 className="govuk-heading-l">Published ESOS data</h1>
      <p className="govuk-body">
        The data the regulators publish from the notifications of compliance, action plans and progress updates
        organisations submit under the Energy Savings Opportunity Scheme (ESOS). Each dataset holds one row per
        submission to that regulator. Nothing about a person (names, email addresses, telephone numbers, job titles,
        membership numbers) is published.
      </p>
      {failed ? <p className="govuk-body">The published data could not be loaded. Try again later.</p> : null}
      {!data && !failed ? (
        <p className="govuk-body" role="status">
          Loading…
        </p>
      ) : null}
      {data && data.items.length === 0 ? <p className="govuk-body">No data has been published yet.</p> : null}
      {data?.items.map((d) => (
        <section key={d.id} className="govuk-!-margin-bottom-8" aria-labelledby={`dataset-${d.id}`}>
          <h2 className="govuk-heading-m" id={`dataset-${d.id}`}>
            {d.title}: {d.publisher}, version {d.version}
            {d.status === 'WITHDRAWN' ? ' (withdrawn)' : ''}
          </h2>
          <dl className="govuk-summary-list">
            {d.status === 'WITHDRAWN' ? (
              <>
                <div className="govuk-summary-list__row">
                  <dt className="govuk-summary-list__key">Withdrawn</dt>
                  <dd className="govuk-summary-list__value">{d.withdrawnAt ? formatMiDate(d.withdrawnAt) : ''}</dd>
                </div>
                <div className="govuk-summary-list__row">
                  <dt className="govuk-summary-list__key">Reason</dt>
                  <dd className="govuk-summary-list__value">{d.withdrawalReason}</dd>
                </div>
              </>
            ) : null}
            <div className="govuk-summary-list__row">
              <dt className="govuk-summary-list__key">Published</dt>
              <dd className="govuk-summary-list__value">{formatMiDate(d.publishedAt)}</dd>
            </div>
            <div className="govuk-summary-list__row">
              <dt className="govuk-summary-list__key">Description</dt>
              <dd className="govuk-summary-list__value">{d.description}</dd>
            </div>
            <div className="govuk-summary-list__row">
              <dt className="govuk-summary-list__key">Submissions</dt>
              <dd className="govuk-summary-list__value">{d.rows}</dd>
            </div>
          </dl>
          <ul className="govuk-list">
            {d.files.map((f) => (
              <li key={f.format}>
                <a className="govuk-link" href={`/api${f.url}`} download={f.fileName}>
                  Download {d.title}, version {d.version} as {publishedFormatLabels[f.format]}
                </a>{' '}
                <span className="govuk-body-s">({formatPublishedSize(f.size)})</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {data && data.total > PUBLISHED_PAGE_SIZE ? (
        <Pagination totalItems={data.total} pageSize={PUBLISHED_PAGE_SIZE} currentPage={page} />
      ) : null}
    </>
  );
}
