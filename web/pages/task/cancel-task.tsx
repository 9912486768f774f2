// Task cancel (reference: workflows §3.7): 'Cancel task' under Related actions, a confirmation,
// then 'Task cancelled'. Shared by the task types that can be cancelled.
import { useState } from 'react';
import { ActionLink, BackLink, Button, ErrorSummary } from '../../components';
import { useAnyRequestPending } from '../../lib/pending';
import {
  actionErrors,
  transition,
  useErrorTitle,
  type ActionError,
  type TaskFormProps,
  TaskOutcome,
} from './task-page';

type Props = Pick<TaskFormProps, 'view' | 'show'> & { cancelAction: string };

export function RelatedActions({ view, show, cancelAction }: Props) {
  const cancel = () =>
    show({
      title: 'Are you sure you want to cancel this task?',
      content: <CancelTask view={view} show={show} cancelAction={cancelAction} />,
    });
  return (
    <aside className="govuk-!-margin-bottom-6" aria-labelledby="related-actions-heading">
      <h2 id="related-actions-heading" className="govuk-heading-m">
        Related actions
      </h2>
      <ul className="govuk-list">
        <li>
          <ActionLink onClick={cancel}>Cancel task</ActionLink>
        </li>
      </ul>
    </aside>
  );
}

function CancelTask({ view, show, cancelAction }: Props) {
  const [errors, setErrors] = useState<ActionError[]>([]);
  const [attempts, setAttempts] = useState(0);
  const pending = useAnyRequestPending();
  useErrorTitle(errors.length > 0);
  const confirm = async () => {
    try {
      await transition(view, cancelAction, {});
    } catch (err) {
      setErrors(actionErrors(err, () => null));
      setAttempts((n) => n + 1);
      return;
    }
    show({ title: 'Task cancelled', content: <TaskCancelled /> });
  };
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        <BackLink onClick={(e) => (e.preventDefault(), show(null))}>Back</BackLink>
        <ErrorSummary
          errors={errors.map((e) => ({ path: e.path || 'cancel-task', message: e.message }))}
          focusKey={attempts}
        />
        <h1 className="govuk-heading-l">Are you sure you want to cancel this task?</h1>
        <p className="govuk-body">This task and its data will be deleted.</p>
        <Button type="button" variant="warning" pending={pending} onClick={() => void confirm()}>
          Yes, cancel this task
        </Button>
      </div>
    </div>
  );
}

function TaskCancelled() {
  return <TaskOutcome title="Task cancelled">It has been removed from your task dashboard.</TaskOutcome>;
}
