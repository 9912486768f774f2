// The account closure's task page (reference: workflows §11.3; page 'account-closure'): the regulator
// gives the reason (saved on Continue), confirms, and the account is closed; or cancels the task (§3.7).
import { useState } from 'react';
import { BackLink, Button, ErrorSummary, SummaryList, Textarea, WarningText } from '../../../web/components';
import { field, FormErrorSummary, useGovForm } from '../../../web/forms';
import { useAnyRequestPending } from '../../../web/lib/pending';
import { CLOSURE_REASON_MAX_LENGTH, accountClosureSchema, type AccountClosurePayload } from '../closure';
import { RelatedActions } from '../../../web/pages/task/cancel-task';
import {
  AtTop,
  actionErrors,
  formActions,
  saveTask,
  transition,
  useErrorTitle,
  type ActionError,
  type TaskFormProps,
  TaskOutcome,
} from '../../../web/pages/task/task-page';
import type { TaskView } from '../../../web/pages/task/task-view';

const WARNING = 'If you close the account all active tasks and workflows will be terminated.';
const REASON_FIELD = 'accountClosure.reason';

function savedReason(view: TaskView): string {
  const closure = view.requestTask.payload.accountClosure as { reason?: unknown } | undefined;
  return typeof closure?.reason === 'string' ? closure.reason : '';
}

export function CloseAccount({ view, reload, show, errorSummarySlot }: TaskFormProps) {
  const allowed = view.allowedRequestTaskActions;
  const { save, submit, cancel } = formActions(view);
  const form = useGovForm({
    schema: accountClosureSchema,
    defaultValues: { accountClosure: { reason: savedReason(view) } },
  });
  const pending = useAnyRequestPending();

  if (!allowed.includes(save!) || !allowed.includes(submit!)) {
    return (
      <>
        <WarningText>{WARNING}</WarningText>
        <SummaryList rows={[{ key: 'Reason for closing this account', value: savedReason(view) || 'Not given yet' }]} />
      </>
    );
  }

  const onContinue = async (payload: AccountClosurePayload) => {
    try {
      await saveTask(view, save!, payload);
    } catch (err) {
      // A stale version or a refused reason: both shown at the reason.
      for (const e of actionErrors(err)) form.setError(REASON_FIELD, { message: e.message });
      return;
    }
    await reload();
    show({
      title: 'Are you sure you want to close this account?',
      content: <ConfirmClosure view={view} reason={payload.accountClosure.reason} show={show} />,
    });
  };

  return (
    <>
      <AtTop slot={errorSummarySlot}>
        <FormErrorSummary form={form} />
      </AtTop>
      <WarningText>{WARNING}</WarningText>
      <p className="govuk-body">
        This account will be permanently closed down. You will not be able to reverse this action.
      </p>
      {view.requestInfo.accountId !== null ? (
        <p className="govuk-body">
          If you need to add any important information about this account please visit the{' '}
          <a
            className="govuk-link"
            href={`/accounts/${view.requestInfo.accountId}#notes`}
            target="_blank"
            rel="noreferrer noopener"
          >
            Notes page (opens in new tab)
          </a>
          .
        </p>
      ) : null}
      <form noValidate onSubmit={form.handleSubmit(onContinue)}>
        <Textarea
          {...field(form, REASON_FIELD)}
          label="Reason for closing this account"
          labelClassName="govuk-label--m"
          hint="The participant will be able to view this"
          maxLength={CLOSURE_REASON_MAX_LENGTH}
        />
        <Button pending={pending}>Continue</Button>
      </form>
      {allowed.includes(cancel!) ? <RelatedActions view={view} show={show} cancelAction={cancel!} /> : null}
    </>
  );
}

function ConfirmClosure({ view, reason, show }: { view: TaskView; reason: string; show: TaskFormProps['show'] }) {
  const [errors, setErrors] = useState<ActionError[]>([]);
  const [attempts, setAttempts] = useState(0);
  const pending = useAnyRequestPending();
  useErrorTitle(errors.length > 0);
  const organisationId = view.requestInfo.accountOrganisationId ?? view.requestInfo.accountName ?? '';
  const close = async () => {
    try {
      await transition(view, formActions(view).submit!, { accountClosure: { reason } });
    } catch (err) {
      setErrors(actionErrors(err, () => null));
      setAttempts((n) => n + 1);
      return;
    }
    const title = `The organisation account ${organisationId} is permanently closed`;
    show({ title, content: <Closed title={title} /> });
  };
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        <BackLink onClick={(e) => (e.preventDefault(), show(null))}>Back</BackLink>
        <ErrorSummary
          errors={errors.map((e) => ({ path: e.path || 'close-account', message: e.message }))}
          focusKey={attempts}
        />
        <h1 className="govuk-heading-l">Are you sure you want to close this account?</h1>
        <p className="govuk-body">The account will be permanently closed.</p>
        <p className="govuk-body">
          All participant history will remain in the account, but no actions will be possible, for example starting new
          tasks or editing account information.
        </p>
        <Button type="button" variant="warning" pending={pending} onClick={() => void close()}>
          Yes, close this account
        </Button>
      </div>
    </div>
  );
}

function Closed({ title }: { title: string }) {
  return <TaskOutcome title={title}>The account has been permanently closed.</TaskOutcome>;
}

export default CloseAccount;
