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

/** What cancelling says: the reference's words by default, a task's own when its record is kept. */
export interface CancelWords {
  link: string;
  heading: string;
  body: string;
  button: string;
  done: string;
  doneBody: string;
}

const taskWords: CancelWords = {
  link: 'Cancel task',
  heading: 'Are you sure you want to cancel this task?',
  body: 'This task and its data will be deleted.',
  button: 'Yes, cancel this task',
  done: 'Task cancelled',
  doneBody: 'It has been removed from your task dashboard.',
};

/** A sent request for information: cancelling it keeps the request and its timeline, status Cancelled. */
export const sentRfiCancelWords: CancelWords = {
  link: 'Cancel this request for information',
  heading: 'Are you sure you want to cancel this request for information?',
  body: 'The organisation will no longer be asked to respond: its task to respond is removed. The request, what was sent and its timeline are kept, with the status Cancelled.',
  button: 'Yes, cancel this request',
  done: 'Request for information cancelled',
  doneBody:
    'The organisation no longer has a task to respond. The request stays on the account with the status Cancelled.',
};

type Props = Pick<TaskFormProps, 'view' | 'show'> & { cancelAction: string; words?: CancelWords };

export function RelatedActions({ view, show, cancelAction, words = taskWords }: Props) {
  const cancel = () =>
    show({
      title: words.heading,
      content: <CancelTask view={view} show={show} cancelAction={cancelAction} words={words} />,
    });
  return (
    <aside className="govuk-!-margin-bottom-6" aria-labelledby="related-actions-heading">
      <h2 id="related-actions-heading" className="govuk-heading-m">
        Related actions
      </h2>
      <ul className="govuk-list">
        <li>
          <ActionLink onClick={cancel}>{words.link}</ActionLink>
        </li>
      </ul>
    </aside>
  );
}

function CancelTask({ view, show, cancelAction, words = taskWords }: Props) {
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
    show({ title: words.done, content: <TaskOutcome title={words.done}>{words.doneBody}</TaskOutcome> });
  };
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        <BackLink onClick={(e) => (e.preventDefault(), show(null))}>Back</BackLink>
        <ErrorSummary
          errors={errors.map((e) => ({ path: e.path || 'cancel-task', message: e.message }))}
          focusKey={attempts}
        />
        <h1 className="govuk-heading-l">{words.heading}</h1>
        <p className="govuk-body">{words.body}</p>
        <Button type="button" variant="warning" pending={pending} onClick={() => void confirm()}>
          {words.button}
        </Button>
      </div>
    </div>
  );
}
