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
import { taskDefinition } from '../../../processes';
import type { CancelWords } from '../../../domain/process-definition';

/** What cancelling says: the reference's words by default, a task's own (its page's `cancelWords`) when its record is kept. */
export type { CancelWords };

const taskWords: CancelWords = {
  link: 'Cancel task',
  heading: 'Are you sure you want to cancel this task?',
  body: 'This task and its data will be deleted.',
  button: 'Yes, cancel this task',
  done: 'Task cancelled',
  doneBody: 'It has been removed from your task dashboard.',
};

type Props = Pick<TaskFormProps, 'view' | 'show'> & { cancelAction: string; words?: CancelWords };

/** The task's own cancel words, from its process's definition, or the reference's. */
function cancelWordsOf(view: Props['view']): CancelWords {
  const page = taskDefinition(view.requestTask.type)?.page;
  return (page?.kind === 'form' ? page.cancelWords : undefined) ?? taskWords;
}

export function RelatedActions({ view, show, cancelAction, words = cancelWordsOf(view) }: Props) {
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
