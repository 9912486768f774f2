// Publish data (/published-data/manage): a regulator with 'Publish data' chooses a report (its
// compliance period comes with it) and describes it; its workflow builds the version while this page
// shows its progress. A built version waits for review: its exact files and a count of free-text
// cells per column, then 'Publish'. Every version of the authority's datasets is listed with its
// status and change log; a published one can be withdrawn with a reason (it stays listed here, and
// the public page lists it as withdrawn with the date and the reason).
import { useCallback, useEffect, useState } from 'react';
import { Link, useSearch } from 'wouter';
import {
  ActionLink,
  Button,
  ButtonGroup,
  NotificationBanner,
  Pagination,
  Radios,
  Tag,
  Textarea,
  WarningText,
  pageFromSearch,
  type TagColour,
} from '../../components';
import { field, FormErrorSummary, useGovForm } from '../../forms';
import { HttpError, apiGet, apiPost } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { useAnyRequestPending } from '../../lib/pending';
import { hasRegulatorPermission, useSession } from '../../stores/session';
import { formatMiDateTime } from '../../../domain/mi-reports';
import {
  ENTER_WITHDRAWAL_REASON,
  PUBLISHED_DESCRIPTION_MAX,
  PUBLISHED_PAGE_SIZE,
  WITHDRAWAL_REASON_MAX,
  formatPublishedSize,
  publishedFormatLabels,
  publishedProgressLabels,
  publishedStatusLabels,
  type PublishedStatus,
  type PublishedVersion,
  type PublishedVersionPage,
} from '../../../domain/published-data';
import { publishRequestSchema, type PublishRequest } from '../../../processes/published-data';

const statusColours: Record<PublishedStatus, TagColour> = {
  BUILDING: 'blue',
  READY: 'yellow',
  PUBLISHED: 'green',
  FAILED: 'red',
  WITHDRAWN: 'grey',
};

function changesText(v: PublishedVersion): string {
  if (!v.changes) return '';
  const { since, added, changed, removed } = v.changes;
  if (since === null) return `First version: ${added.length} added`;
  return `Since version ${since}: ${added.length} added, ${changed.length} changed, ${removed.length} removed`;
}

export default function PublishDataPage() {
  usePageTitle('Publish data');
  const allowed = useSession((s) => hasRegulatorPermission(s, 'PUBLISH_DATA', 'EXECUTE'));
  const page = pageFromSearch(useSearch());
  const [data, setData] = useState<PublishedVersionPage | null>(null);
  const [flash, setFlash] = useState<string | null>(null);
  // The version whose withdrawal is being confirmed.
  const [confirming, setConfirming] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const pending = useAnyRequestPending();
  const form = useGovForm({
    schema: publishRequestSchema,
    fieldOrder: ['reportType', 'description'],
    defaultValues: { reportType: '', description: '' },
  });

  const load = useCallback(
    () => apiGet(`/v1.0/published-data/versions?page=${page - 1}&size=${PUBLISHED_PAGE_SIZE}`).then(setData),
    [page],
  );
  useEffect(() => {
    if (allowed) void load();
  }, [allowed, load]);
  // While a version is being published, its progress is read again every second.
  const building = data?.items.some((v) => v.status === 'BUILDING') ?? false;
  useEffect(() => {
    if (!building) return;
    const timer = setInterval(() => void load(), 1000);
    return () => clearInterval(timer);
  }, [building, load]);

  if (!allowed) {
    return (
      <>
        <h1 className="govuk-heading-l">Publish data</h1>
        <p className="govuk-body">You do not have permission to publish data.</p>
      </>
    );
  }

  const publish = async (input: PublishRequest) => {
    try {
      const version = await apiPost('/v1.0/published-data/versions', input);
      setFlash(`${version.title}, version ${version.version} is being built. Review its files, then publish it.`);
      form.reset({ reportType: '', description: '' });
      await load();
    } catch (err) {
      if (!(err instanceof HttpError) || err.status >= 500) throw err;
      form.setError((err.body?.field === 'description' ? 'description' : 'reportType') as never, {
        message: err.message.replace(/^[\w.]+: /, ''),
      });
    }
  };

  const withdraw = async (v: PublishedVersion) => {
    if (!reason.trim()) {
      setReasonError(ENTER_WITHDRAWAL_REASON);
      return;
    }
    try {
      await apiPost(`/v1.0/published-data/versions/${v.id}/withdraw`, { reason });
    } catch (err) {
      if (!(err instanceof HttpError) || err.status !== 400) throw err;
      setReasonError(err.message.replace(/^[\w.]+: /, ''));
      return;
    }
    setConfirming(null);
    setReason('');
    setReasonError(null);
    setFlash(`${v.title}, version ${v.version} has been withdrawn`);
    await load();
  };

  const approve = async (v: PublishedVersion) => {
    await apiPost(`/v1.0/published-data/versions/${v.id}/publish`);
    setFlash(`${v.title}, version ${v.version} has been published`);
    await load();
  };

  return (
    <>
      <FormErrorSummary form={form} />
      {flash ? <NotificationBanner type="success">{flash}</NotificationBanner> : null}
      <h1 className="govuk-heading-l">Publish data</h1>
      <p className="govuk-body">
        Publish the data of your competent authority’s submitted reports on the{' '}
        <Link className="govuk-link" href="/published-data">
          published data page
        </Link>
        , which anyone can read. Anything about a person (names, email addresses, telephone numbers, job titles,
        membership numbers) is left out. The files are built first for you to review: what people wrote in free-text
        answers is published as written.
      </p>
      <form noValidate onSubmit={form.handleSubmit(publish)}>
        <Radios
          {...field(form, 'reportType')}
          legend="What data do you want to publish?"
          legendClassName="govuk-fieldset__legend--m"
          items={(data?.reports ?? []).map((r) => ({ value: r.reportType, text: r.title }))}
        />
        <Textarea
          {...field(form, 'description')}
          label="Description"
          labelClassName="govuk-label--m"
          hint="Shown with the data on the published data page, for example which submissions it includes"
          maxLength={PUBLISHED_DESCRIPTION_MAX}
        />
        <Button pending={pending}>Build the files</Button>
      </form>

      <h2 className="govuk-heading-m">Versions</h2>
      {data && data.items.length === 0 ? <p className="govuk-body">Nothing has been published yet.</p> : null}
      {data?.items.map((v) => (
        <section key={v.id} className="govuk-summary-card" aria-labelledby={`version-${v.id}`}>
          <div className="govuk-summary-card__title-wrapper">
            <h3 className="govuk-summary-card__title" id={`version-${v.id}`}>
              {v.title}, version {v.version}
            </h3>
            <Tag colour={statusColours[v.status]}>{publishedStatusLabels[v.status]}</Tag>
          </div>
          <div className="govuk-summary-card__content">
            <dl className="govuk-summary-list">
              {v.status === 'BUILDING' ? (
                <div className="govuk-summary-list__row">
                  <dt className="govuk-summary-list__key">Progress</dt>
                  <dd className="govuk-summary-list__value">
                    <span role="status">{publishedProgressLabels[v.progress]}</span>
                  </dd>
                </div>
              ) : null}
              <div className="govuk-summary-list__row">
                <dt className="govuk-summary-list__key">Description</dt>
                <dd className="govuk-summary-list__value">{v.description}</dd>
              </div>
              <div className="govuk-summary-list__row">
                <dt className="govuk-summary-list__key">Requested</dt>
                <dd className="govuk-summary-list__value">
                  {formatMiDateTime(v.requestedAt)} by {v.requestedBy}
                </dd>
              </div>
              {v.publishedAt ? (
                <div className="govuk-summary-list__row">
                  <dt className="govuk-summary-list__key">Published</dt>
                  <dd className="govuk-summary-list__value">{formatMiDateTime(v.publishedAt)}</dd>
                </div>
              ) : null}
              {v.withdrawnAt ? (
                <div className="govuk-summary-list__row">
                  <dt className="govuk-summary-list__key">Withdrawn</dt>
                  <dd className="govuk-summary-list__value">
                    {formatMiDateTime(v.withdrawnAt)} by {v.withdrawnBy}
                    {v.withdrawalReason ? `: ${v.withdrawalReason}` : ''}
                  </dd>
                </div>
              ) : null}
              {v.rows !== null && v.status !== 'BUILDING' ? (
                <div className="govuk-summary-list__row">
                  <dt className="govuk-summary-list__key">Submissions</dt>
                  <dd className="govuk-summary-list__value">{v.rows}</dd>
                </div>
              ) : null}
              {v.changes ? (
                <div className="govuk-summary-list__row">
                  <dt className="govuk-summary-list__key">Changes</dt>
                  <dd className="govuk-summary-list__value">
                    <p className="govuk-body">{changesText(v)}</p>
                    {(['added', 'changed', 'removed'] as const).map((kind) =>
                      v.changes![kind].length > 0 ? (
                        <p key={kind} className="govuk-body-s">
                          {kind.charAt(0).toUpperCase() + kind.slice(1)}:{' '}
                          {v.changes![kind].map((c) => `${c.organisationName} (${c.requestId})`).join(', ')}
                        </p>
                      ) : null,
                    )}
                  </dd>
                </div>
              ) : null}
            </dl>
            {v.status === 'READY' ? (
              <>
                <h4 className="govuk-heading-s">Review the files before you publish them</h4>
                <ul className="govuk-list">
                  {v.files.map((f) => (
                    <li key={f.format}>
                      <a className="govuk-link" href={`/api${f.url}`} download={f.fileName}>
                        Download version {v.version} to review as {publishedFormatLabels[f.format]}
                      </a>{' '}
                      <span className="govuk-body-s">({formatPublishedSize(f.size)})</span>
                    </li>
                  ))}
                </ul>
                <table className="govuk-table">
                  <caption className="govuk-table__caption govuk-table__caption--s">
                    Free-text answers: published as written, check them for anything about a person
                  </caption>
                  <thead className="govuk-table__head">
                    <tr className="govuk-table__row">
                      <th scope="col" className="govuk-table__header">
                        Column
                      </th>
                      <th scope="col" className="govuk-table__header govuk-table__header--numeric">
                        Cells with text
                      </th>
                    </tr>
                  </thead>
                  <tbody className="govuk-table__body">
                    {(v.freeText ?? []).map((c) => (
                      <tr key={c.column} className="govuk-table__row">
                        <td className="govuk-table__cell">{c.column}</td>
                        <td className="govuk-table__cell govuk-table__cell--numeric">{c.cells}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                <ButtonGroup>
                  <Button type="button" pending={pending} onClick={() => void approve(v)}>
                    Publish version {v.version}
                  </Button>
                  {confirming !== v.id ? (
                    <Button type="button" variant="secondary" onClick={() => setConfirming(v.id)}>
                      Withdraw version {v.version}
                    </Button>
                  ) : null}
                </ButtonGroup>
              </>
            ) : null}
            {(v.status === 'PUBLISHED' || v.status === 'READY') && confirming === v.id ? (
              <>
                <WarningText>
                  Version {v.version} will no longer be downloadable. The published data page lists it as withdrawn,
                  with the date and your reason. It stays listed here as withdrawn.
                </WarningText>
                <Textarea
                  name={`reason-${v.id}`}
                  id={`reason-${v.id}`}
                  label="Why is it withdrawn?"
                  labelClassName="govuk-label--s"
                  hint="Shown on the published data page"
                  maxLength={WITHDRAWAL_REASON_MAX}
                  value={reason}
                  errorMessage={reasonError ?? undefined}
                  onChange={(e) => setReason(e.target.value)}
                />
                <ButtonGroup>
                  <Button type="button" variant="warning" pending={pending} onClick={() => void withdraw(v)}>
                    Yes, withdraw version {v.version}
                  </Button>
                  <ActionLink onClick={() => setConfirming(null)}>Cancel</ActionLink>
                </ButtonGroup>
              </>
            ) : v.status === 'PUBLISHED' ? (
              <Button type="button" variant="secondary" onClick={() => setConfirming(v.id)}>
                Withdraw version {v.version}
              </Button>
            ) : null}
          </div>
        </section>
      ))}
      {data && data.total > PUBLISHED_PAGE_SIZE ? (
        <Pagination totalItems={data.total} pageSize={PUBLISHED_PAGE_SIZE} currentPage={page} />
      ) : null}
    </>
  );
}
