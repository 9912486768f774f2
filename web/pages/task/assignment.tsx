// Who works on the task: choose among the candidates and assign (or take it: 'Assign to me'), or
// release a regulator task.
import { useEffect, useState, type FormEvent } from 'react';
import { apiDelete, apiGet, apiPost, HttpError } from '../../lib/api';
import type { Candidate } from './task-view';

interface Props {
  taskId: number;
  assigneeId: string | null;
  /** The signed-in user, offered 'Assign to me' when they may work on the task and do not yet. */
  currentUserId: string | null;
  mayRelease: boolean;
  onChanged: () => void;
}

export function Assignment({ taskId, assigneeId, currentUserId, mayRelease, onChanged }: Props) {
  const [candidates, setCandidates] = useState<Candidate[]>([]);
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    apiGet(`/v1.0/tasks-assignment/${taskId}/candidate-assignees`).then(setCandidates, () => setCandidates([]));
  }, [taskId]);

  const assignTo = async (userId: string) => {
    setError(null);
    try {
      await apiPost(`/v1.0/tasks-assignment/assign`, { taskId, userId });
      onChanged();
    } catch (err) {
      setError(err instanceof HttpError ? err.message : 'The task could not be assigned');
    }
  };

  const assign = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      setError('Select a person to assign the task to');
      return;
    }
    await assignTo(chosen);
  };
  const mayTake =
    currentUserId !== null && currentUserId !== assigneeId && candidates.some((c) => c.id === currentUserId);

  const release = async () => {
    await apiDelete(`/v1.0/tasks-assignment/release/${taskId}`);
    onChanged();
  };

  // Drawn at once, its options filled in when they arrive: appearing later, the form would push the
  // task's own links down under a pointer about to click them.
  return (
    <form onSubmit={assign} noValidate className="govuk-!-margin-bottom-6">
      <div className={`govuk-form-group${error ? ' govuk-form-group--error' : ''}`}>
        <label className="govuk-label govuk-label--s" htmlFor="assignee">
          Assign to
        </label>
        {error && (
          <p id="assignee-error" className="govuk-error-message">
            <span className="govuk-visually-hidden">Error:</span> {error}
          </p>
        )}
        <select
          id="assignee"
          name="assignee"
          className="govuk-select"
          value={chosen}
          onChange={(e) => setChosen(e.target.value)}
          aria-describedby={error ? 'assignee-error' : undefined}
        >
          <option value="">Select a person</option>
          {candidates
            .filter((c) => c.id !== assigneeId)
            .map((c) => (
              <option key={c.id} value={c.id}>
                {c.fullName}
              </option>
            ))}
        </select>
      </div>
      <div className="govuk-button-group">
        {mayTake && (
          <button
            type="button"
            className="govuk-button"
            data-module="govuk-button"
            onClick={() => void assignTo(currentUserId)}
          >
            Assign to me
          </button>
        )}
        <button type="submit" className="govuk-button govuk-button--secondary" data-module="govuk-button">
          Assign
        </button>
        {mayRelease && assigneeId && (
          <button
            type="button"
            className="govuk-button govuk-button--warning"
            data-module="govuk-button"
            onClick={release}
          >
            Release task
          </button>
        )}
      </div>
    </form>
  );
}
