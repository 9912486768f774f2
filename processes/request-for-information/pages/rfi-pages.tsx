// The request for information's task pages (processes/request-for-information): the regulator writes
// and sends it ('rfi-submit'), the operator answers it ('rfi-response'), the regulator waits and may
// cancel ('rfi-wait'), reads the response ('rfi-review') or, once it expired, decides the next steps
// ('rfi-next-steps'). Files are uploaded to the task as soon as they are chosen (the task's
// attachments, RFI_UPLOAD_ATTACHMENT); what was sent and answered is shown from the request's
// timeline, with its files and PDFs.
import { useEffect, useState, type ChangeEvent } from 'react';
import { useSearch } from 'wouter';
import {
  ActionLink,
  Button,
  ErrorMessage,
  FormGroup,
  Hint,
  InsetText,
  SummaryList,
  Textarea,
} from '../../../web/components';
import { field, FormErrorSummary, useGovForm } from '../../../web/forms';
import { useAnyRequestPending } from '../../../web/lib/pending';
import { HttpError, apiGet, apiPost } from '../../../web/lib/api';
import { UPLOAD_ACCEPT, UPLOAD_HINT, uploadProblem } from '../../../domain/files';
import { formatDateLong } from '../../../domain/validation/dates';
import {
  RFI_TEXT_MAX_LENGTH,
  rfiNextStepsSchema,
  rfiResponseSchema,
  rfiSubmitSchema,
  type SentRequest,
} from '../request';
import { Submissions } from '../../../web/pages/request/submissions';
import { RelatedActions } from '../../../web/pages/task/cancel-task';
import { RfiQuestions } from './rfi-questions';
import {
  AtTop,
  actionErrors,
  formActions,
  saveTask,
  transition,
  type TaskFormProps,
  TaskOutcome,
} from '../../../web/pages/task/task-page';
import type { TaskView, TimelineEntry } from '../../../web/pages/task/task-view';

const sentRequest = (view: TaskView) => view.requestTask.payload.request as SentRequest | undefined;
const attachments = (view: TaskView) => (view.requestTask.payload.attachments ?? {}) as Record<string, string>;
const mayDo = (view: TaskView, action: string | undefined) =>
  !!action && view.allowedRequestTaskActions.includes(action);

/** The deadline and the questions the regulator sent. */
function SentSummary({ request }: { request: SentRequest }) {
  return (
    <SummaryList
      rows={[
        { key: 'Deadline for the response', value: formatDateLong(request.deadline) },
        { key: 'Questions', value: <span className="esos-answer-line">{request.questions}</span> },
      ]}
    />
  );
}

/** What the request recorded so far (sent, answered), with its files and documents. */
function RequestRecord({ view }: { view: TaskView }) {
  const [entries, setEntries] = useState<TimelineEntry[]>([]);
  useEffect(() => {
    let live = true;
    apiGet('/v1.0/request-actions', { query: { requestId: view.requestInfo.id } })
      .then((loaded) => live && setEntries(loaded))
      .catch(() => live && setEntries([]));
    return () => {
      live = false;
    };
  }, [view.requestInfo.id]);
  return <Submissions requestType={view.requestInfo.type} entries={entries} />;
}

/** Files uploaded to the task as soon as they are chosen; listed from its payload. */
function TaskFiles({ view, reload, label }: Pick<TaskFormProps, 'view' | 'reload'> & { label: string }) {
  const [error, setError] = useState<string | undefined>();
  const [uploading, setUploading] = useState(false);
  const name = 'attachments';
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const problems: string[] = [];
    setError(undefined);
    setUploading(true);
    for (const file of Array.from(input.files ?? [])) {
      const problem = uploadProblem(file);
      if (problem) {
        problems.push(`${file.name}: ${problem}`);
        continue;
      }
      const form = new FormData();
      form.append(
        'requestTaskActionDetails',
        new Blob(
          [
            JSON.stringify({
              requestTaskId: view.requestTask.id,
              requestTaskActionType: `${view.requestInfo.type}_UPLOAD_ATTACHMENT`,
            }),
          ],
          { type: 'application/json' },
        ),
      );
      form.append('attachment', file, file.name);
      try {
        await apiPost('/v1.0/task-attachments/upload', form);
      } catch (err) {
        problems.push(
          `${file.name}: ${err instanceof HttpError && err.body?.message ? err.body.message : 'The file could not be uploaded. Try again later.'}`,
        );
      }
    }
    input.value = '';
    setUploading(false);
    if (problems.length) setError(problems.join('. '));
    await reload();
  };
  const { removeFile } = formActions(view);
  const remove = async (uuid: string, fileName: string) => {
    setError(undefined);
    try {
      await saveTask(view, removeFile!, { uuid });
    } catch (err) {
      setError(actionErrors(err)[0]?.message ?? `${fileName} could not be removed. Try again.`);
    }
    await reload();
  };
  const files = Object.entries(attachments(view));
  return (
    <FormGroup id={`l.${name}`} error={!!error}>
      <label className="govuk-label govuk-label--s" htmlFor={name}>
        {label}
      </label>
      <Hint id={`${name}-hint`}>{UPLOAD_HINT}</Hint>
      {error ? <ErrorMessage id={`${name}-error`}>{error}</ErrorMessage> : null}
      <input
        id={name}
        name={name}
        type="file"
        multiple
        accept={UPLOAD_ACCEPT}
        className={`govuk-file-upload${error ? ' govuk-file-upload--error' : ''}`}
        aria-describedby={error ? `${name}-hint ${name}-error` : `${name}-hint`}
        disabled={uploading}
        onChange={(e) => void choose(e)}
      />
      <p className="govuk-body govuk-!-margin-top-2" aria-live="polite">
        {uploading ? 'Uploading…' : ''}
      </p>
      {files.length ? (
        <ul className="govuk-list" aria-label="Uploaded files">
          {files.map(([uuid, fileName]) => (
            <li key={uuid}>
              {fileName}{' '}
              {mayDo(view, removeFile) ? (
                <ActionLink onClick={() => void remove(uuid, fileName)}>
                  Remove<span className="govuk-visually-hidden"> {fileName}</span>
                </ActionLink>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </FormGroup>
  );
}

/** Regulator: the questions, the deadline and files; send, or cancel the task. */
/** The questions' opening words when an RFI is started from a task of request `requestId` (`?about=`). */
export const aboutRequest = (requestId: string) => `This request is about ${requestId}.\n\n`;

export function RfiSubmit({ view, reload, show, errorSummarySlot }: TaskFormProps) {
  const { submit, cancel } = formActions(view);
  // Started from another request's task: the questions open with a reference to it.
  const about = new URLSearchParams(useSearch()).get('about');
  const form = useGovForm({
    schema: rfiSubmitSchema,
    defaultValues: { questions: about ? aboutRequest(about) : '', deadline: { day: '', month: '', year: '' } },
  });
  const pending = useAnyRequestPending();
  if (!mayDo(view, submit)) return <p className="govuk-body">The request for information has not been sent yet.</p>;
  const send = async (payload: unknown) => {
    try {
      await transition(view, submit!, payload);
    } catch (err) {
      for (const e of actionErrors(err)) form.setError((e.path || 'questions') as 'questions', { message: e.message });
      return;
    }
    show({
      title: 'Request for information sent',
      content: (
        <TaskOutcome title="Request for information sent">
          The organisation's administrators have a task to respond by the deadline.
        </TaskOutcome>
      ),
    });
  };
  return (
    <>
      <AtTop slot={errorSummarySlot}>
        <FormErrorSummary form={form} />
      </AtTop>
      <form noValidate onSubmit={form.handleSubmit(send)}>
        <RfiQuestions form={form} recipients="The organisation's" />
        <TaskFiles view={view} reload={reload} label="Attach files for the organisation (optional)" />
        <Button pending={pending}>Send request for information</Button>
      </form>
      {mayDo(view, cancel) ? <RelatedActions view={view} show={show} cancelAction={cancel!} /> : null}
    </>
  );
}

/** Operator: the questions and deadline, the regulator's files, and the response with files. */
export function RfiResponse({ view, reload, show, errorSummarySlot }: TaskFormProps) {
  const { submit } = formActions(view);
  const form = useGovForm({ schema: rfiResponseSchema, defaultValues: { response: '' } });
  const pending = useAnyRequestPending();
  const request = sentRequest(view);
  const respond = async (payload: unknown) => {
    try {
      await transition(view, submit!, payload);
    } catch (err) {
      for (const e of actionErrors(err)) form.setError('response', { message: e.message });
      return;
    }
    show({
      title: 'Response sent',
      content: <TaskOutcome title="Response sent">The regulator will review your response.</TaskOutcome>,
    });
  };
  return (
    <>
      <AtTop slot={errorSummarySlot}>
        <FormErrorSummary form={form} />
      </AtTop>
      {request ? <SentSummary request={request} /> : null}
      <RequestRecord view={view} />
      {mayDo(view, submit) ? (
        <form noValidate onSubmit={form.handleSubmit(respond)}>
          <Textarea
            {...field(form, 'response')}
            label="Your response"
            labelClassName="govuk-label--m"
            maxLength={RFI_TEXT_MAX_LENGTH}
          />
          <TaskFiles view={view} reload={reload} label="Attach files to your response (optional)" />
          <Button pending={pending}>Send response</Button>
        </form>
      ) : null}
    </>
  );
}

/** Regulator: waiting for the response, which may be cancelled. */
export function RfiWait({ view, show }: TaskFormProps) {
  const { cancel } = formActions(view);
  const request = sentRequest(view);
  return (
    <>
      <InsetText>Waiting for the organisation to respond to the request for information.</InsetText>
      {request ? <SentSummary request={request} /> : null}
      <RequestRecord view={view} />
      {mayDo(view, cancel) ? <RelatedActions view={view} show={show} cancelAction={cancel!} /> : null}
    </>
  );
}

/** Regulator: the response, with its files; marked as reviewed. */
export function RfiReview({ view, show }: TaskFormProps) {
  const { complete } = formActions(view);
  const pending = useAnyRequestPending();
  const request = sentRequest(view);
  const response = view.requestTask.payload.response as { response: string } | undefined;
  const [error, setError] = useState<string | null>(null);
  const done = async () => {
    try {
      await transition(view, complete!, {});
    } catch (err) {
      setError(actionErrors(err)[0]?.message ?? null);
      return;
    }
    show({
      title: 'Response reviewed',
      content: <TaskOutcome title="Response reviewed">The request for information is complete.</TaskOutcome>,
    });
  };
  return (
    <>
      {request ? <SentSummary request={request} /> : null}
      <h2 className="govuk-heading-m">Response</h2>
      <SummaryList
        rows={[{ key: 'Response', value: <span className="esos-answer-line">{response?.response ?? ''}</span> }]}
      />
      <RequestRecord view={view} />
      {error ? <p className="govuk-error-message">{error}</p> : null}
      {mayDo(view, complete) ? (
        <Button type="button" pending={pending} onClick={() => void done()}>
          Mark as reviewed
        </Button>
      ) : null}
    </>
  );
}

/** Regulator: the deadline passed without a response; what follows, as a note. */
export function RfiNextSteps({ view, show, errorSummarySlot }: TaskFormProps) {
  const { submit } = formActions(view);
  const form = useGovForm({ schema: rfiNextStepsSchema, defaultValues: { nextSteps: '' } });
  const pending = useAnyRequestPending();
  const request = sentRequest(view);
  const decide = async (payload: unknown) => {
    try {
      await transition(view, submit!, payload);
    } catch (err) {
      for (const e of actionErrors(err)) form.setError('nextSteps', { message: e.message });
      return;
    }
    show({
      title: 'Next steps recorded',
      content: <TaskOutcome title="Next steps recorded">The request for information has expired.</TaskOutcome>,
    });
  };
  return (
    <>
      <AtTop slot={errorSummarySlot}>
        <FormErrorSummary form={form} />
      </AtTop>
      <InsetText>The deadline passed without a response. The request for information has expired.</InsetText>
      {request ? <SentSummary request={request} /> : null}
      {mayDo(view, submit) ? (
        <form noValidate onSubmit={form.handleSubmit(decide)}>
          <Textarea
            {...field(form, 'nextSteps')}
            label="Next steps"
            labelClassName="govuk-label--m"
            hint="For example, an enforcement notice"
            maxLength={RFI_TEXT_MAX_LENGTH}
          />
          <Button pending={pending}>Confirm next steps</Button>
        </form>
      ) : null}
    </>
  );
}
