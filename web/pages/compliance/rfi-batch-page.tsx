// Sending a request for information to a list's organisations (/compliance/rfi?requestType&state…):
// the questions and deadline asked once, then a check page (the list, how many organisations, what
// they will be asked), then the batch starts as a workflow and its progress page opens. Each
// organisation gets a request of its own (processes/request-for-information/batch.ts).
import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Button, ButtonGroup, Details, SummaryList, errorAnchorId } from '../../components';
import { ErrorSummary } from '../../components/error-summary';
import { FormErrorSummary, useGovForm } from '../../forms';
import { HttpError, apiGet, apiPost } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { useAnyRequestPending } from '../../lib/pending';
import { complianceListQuery } from '../../../domain/compliance';
import { formatDateLong, dateValueToIso } from '../../../domain/validation/dates';
import {
  deadlineProblem,
  rfiSubmitSchema,
  type RfiSubmitPayload,
} from '../../../processes/request-for-information/request';
import type { RfiBatchCheck } from '../../../processes/request-for-information/batch';
import { RfiQuestions } from '../../../processes/request-for-information/pages/rfi-questions';
import { listHref, listOf, readListPlace } from './list-address';

const plural = (n: number) => `${n} ${n === 1 ? 'organisation' : 'organisations'}`;

export default function RfiBatchPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const list = listOf(readListPlace(search));
  const [check, setCheck] = useState<RfiBatchCheck | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  // The questions once written: the check page is shown.
  const [written, setWritten] = useState<RfiSubmitPayload | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pending = useAnyRequestPending();
  const form = useGovForm({
    schema: rfiSubmitSchema,
    defaultValues: { questions: '', deadline: { day: '', month: '', year: '' } },
  });
  const title = written
    ? 'Check your request for information'
    : check
      ? `Send a request for information to ${plural(check.count)}`
      : 'Send a request for information';
  usePageTitle(title);

  useEffect(() => {
    apiGet(`/v1.0/compliance/rfi-batches/check?${complianceListQuery(list)}`)
      .then(setCheck)
      .catch((err) =>
        setFailed(err instanceof HttpError ? err.message : 'The organisations could not be loaded. Try again later.'),
      );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  const next = (payload: RfiSubmitPayload) => {
    const problem = deadlineProblem(payload.deadline, new Date());
    if (problem) {
      form.setError('deadline', { message: problem });
      return;
    }
    setWritten(payload);
  };

  const send = async () => {
    if (!check || !written) return;
    setError(null);
    try {
      const { id } = await apiPost('/v1.0/compliance/rfi-batches', {
        list,
        ...written,
        expected: check.count,
      });
      navigate(`/compliance/rfi-batches/${id}`);
    } catch (err) {
      setError(err instanceof HttpError ? err.message : 'The requests could not be sent. Try again later.');
    }
  };

  const change = (e: { preventDefault: () => void }) => {
    e.preventDefault();
    setWritten(null);
  };

  if (failed) {
    return (
      <>
        <h1 className="govuk-heading-l">{title}</h1>
        <p className="govuk-body">{failed}</p>
      </>
    );
  }
  if (!check) return <h1 className="govuk-heading-l">{title}</h1>;
  if (check.count === 0) {
    return (
      <>
        <h1 className="govuk-heading-l">{title}</h1>
        <p className="govuk-body">There are no organisations on this list.</p>
        <p className="govuk-body">
          <a className="govuk-link" href={listHref(list)}>
            Back to the list
          </a>
        </p>
      </>
    );
  }

  if (written) {
    return (
      <>
        {error ? <ErrorSummary errors={[{ path: 'send', message: error }]} /> : null}
        <h1 className="govuk-heading-l">{title}</h1>
        <SummaryList
          rows={[
            { key: 'Organisations', value: `${plural(check.count)} on the list of the ${check.reportName}` },
            { key: 'Sent to', value: 'Each organisation’s administrators, as a task to respond' },
            {
              key: 'Questions',
              value: <span className="esos-answer-line">{written.questions}</span>,
              actions: [{ text: 'Change', visuallyHiddenText: 'questions', href: '#', onClick: change }],
            },
            {
              key: 'Deadline for the response',
              value: formatDateLong(dateValueToIso(written.deadline)!),
              actions: [{ text: 'Change', visuallyHiddenText: 'deadline', href: '#', onClick: change }],
            },
            { key: 'Files', value: 'None: files are attached to one organisation’s request, not to a list' },
          ]}
        />
        <Details summary={`The ${plural(check.count)}`}>
          <ul className="govuk-list">
            {check.organisations.map((o) => (
              <li key={o.accountId}>
                {o.name} ({o.organisationId})
              </li>
            ))}
          </ul>
        </Details>
        <ButtonGroup>
          <Button id={errorAnchorId('send')} type="button" pending={pending} onClick={() => void send()}>
            Send requests for information
          </Button>
          <a className="govuk-link" href={listHref(list)}>
            Cancel
          </a>
        </ButtonGroup>
      </>
    );
  }

  return (
    <>
      <FormErrorSummary form={form} />
      <span className="govuk-caption-l">{check.reportName}</span>
      <h1 className="govuk-heading-l">{title}</h1>
      <p className="govuk-body">Each organisation gets a request of its own, with these questions and this deadline.</p>
      <div className="govuk-inset-text" id="rfi-files">
        <p className="govuk-body">
          A request sent to a list cannot carry files. Files are attached to one organisation’s request: if an
          organisation needs a file with its questions, send it its own request for information from its account page,
          where you can attach files, instead of including it here.
        </p>
      </div>
      <form noValidate onSubmit={form.handleSubmit(next)}>
        <RfiQuestions form={form} recipients="The organisations'" />
        <ButtonGroup>
          <Button pending={pending}>Continue</Button>
          <a className="govuk-link" href={listHref(list)}>
            Cancel
          </a>
        </ButtonGroup>
      </form>
    </>
  );
}
