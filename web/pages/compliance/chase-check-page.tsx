// Check before chasing (/compliance/chase?requestType&state…): who will be sent a reminder, who was
// reminded of this report recently and is left out, which template and what it says; then the chase
// starts as a workflow and its progress page opens.
import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Button, ButtonGroup, Details, InsetText, SummaryList, WarningText, errorAnchorId } from '../../components';
import { ErrorSummary } from '../../components/error-summary';
import { HttpError, apiGet, apiPost } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { useAnyRequestPending } from '../../lib/pending';
import { complianceListQuery, type ChaseCheck } from '../../../domain/compliance';
import { listHref, listOf, readListPlace } from './list-address';

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  });
const plural = (n: number) => `${n} ${n === 1 ? 'organisation' : 'organisations'}`;

export default function ChaseCheckPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const list = listOf(readListPlace(search));
  const [check, setCheck] = useState<ChaseCheck | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pending = useAnyRequestPending();
  const title = check ? `Send a reminder to ${plural(check.count)}` : 'Send a reminder';
  usePageTitle(title);

  useEffect(() => {
    apiGet(`/v1.0/compliance/chases/check?${complianceListQuery(list)}`)
      .then(setCheck)
      .catch((err) =>
        setFailed(err instanceof HttpError ? err.message : 'The organisations could not be loaded. Try again later.'),
      );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  const send = async () => {
    if (!check) return;
    setError(null);
    try {
      const { id } = await apiPost('/v1.0/compliance/chases', { list, expected: check.count });
      navigate(`/compliance/chases/${id}`);
    } catch (err) {
      setError(err instanceof HttpError ? err.message : 'The reminders could not be sent. Try again later.');
    }
  };

  const reminded = new Set(check?.remindedAlready.map((r) => r.accountId));
  const toRemind = check?.organisations.filter((o) => !reminded.has(o.accountId)) ?? [];
  return (
    <>
      {error ? <ErrorSummary errors={[{ path: 'send', message: error }]} /> : null}
      <h1 className="govuk-heading-l">{title}</h1>
      {failed ? <p className="govuk-body">{failed}</p> : null}
      {check ? (
        <>
          <SummaryList
            rows={[
              { key: 'Report', value: check.reportName },
              { key: 'Organisations', value: plural(check.count) },
              { key: 'Sent to', value: 'Each organisation’s primary contact' },
              { key: 'Template', value: check.template.name },
            ]}
          />
          {check.remindedAlready.length ? (
            <>
              <WarningText>
                {plural(check.remindedAlready.length)} {check.remindedAlready.length === 1 ? 'was' : 'were'} sent a
                reminder about this report in the last {check.intervalDays} days and will not be sent another.
              </WarningText>
              <ul className="govuk-list govuk-list--bullet" aria-label="Reminded already">
                {check.remindedAlready.map((r) => (
                  <li key={r.accountId}>
                    {r.name}: reminded on {longDate(r.at)}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <h2 className="govuk-heading-m">Preview</h2>
          <InsetText>
            <p className="govuk-body">
              <strong>Subject:</strong> {check.template.subject}
            </p>
            {check.template.body.split('\n\n').map((p) => (
              <p key={p} className="govuk-body">
                {p}
              </p>
            ))}
          </InsetText>
          <Details summary={`The ${plural(toRemind.length)} to remind`}>
            <ul className="govuk-list">
              {toRemind.map((o) => (
                <li key={o.accountId}>
                  {o.name} ({o.organisationId})
                </li>
              ))}
            </ul>
          </Details>
          {check.count > 0 ? (
            <ButtonGroup>
              <Button id={errorAnchorId('send')} type="button" pending={pending} onClick={() => void send()}>
                Send reminders
              </Button>
              <a className="govuk-link" href={listHref(list)}>
                Cancel
              </a>
            </ButtonGroup>
          ) : (
            <p className="govuk-body">
              <a className="govuk-link" href={listHref(list)}>
                Back to the list
              </a>
            </p>
          )}
        </>
      ) : null}
    </>
  );
}
