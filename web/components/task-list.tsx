import type { MouseEvent, ReactNode } from 'react';
import { cx } from './internal';

export type TaskStatus = 'Not started' | 'In progress' | 'Completed' | 'Cannot start yet';

/** Tag classes of the section statuses. */
export const TASK_STATUS_TAG_CLASSES: Record<TaskStatus, string> = {
  'Not started': 'govuk-tag--teal',
  'In progress': 'govuk-tag--yellow',
  Completed: 'govuk-tag--green',
  'Cannot start yet': 'govuk-tag--grey',
};

export interface TaskListItem {
  title: ReactNode;
  /** Without href (or when the status is 'Cannot start yet') the title is plain text. */
  href?: string;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
  hint?: ReactNode;
  /** A known status is shown as a tag; any other node is shown as given. */
  status: TaskStatus | ReactNode;
}

export interface TaskListProps {
  items: readonly TaskListItem[];
  idPrefix?: string;
  className?: string;
}

function isTaskStatus(status: unknown): status is TaskStatus {
  return typeof status === 'string' && status in TASK_STATUS_TAG_CLASSES;
}

export function TaskList({ items, idPrefix = 'task-list', className }: TaskListProps) {
  return (
    <ul className={cx('govuk-task-list', className)}>
      {items.map((item, i) => {
        const index = i + 1;
        const hintId = `${idPrefix}-${index}-hint`;
        const statusId = `${idPrefix}-${index}-status`;
        const cannotStart = item.status === 'Cannot start yet';
        const linked = !!item.href && !cannotStart;
        return (
          <li key={index} className={cx('govuk-task-list__item', linked && 'govuk-task-list__item--with-link')}>
            <div className="govuk-task-list__name-and-hint">
              {linked ? (
                <a
                  className="govuk-link govuk-task-list__link"
                  href={item.href}
                  onClick={item.onClick}
                  aria-describedby={cx(item.hint ? hintId : undefined, statusId)}
                >
                  {item.title}
                </a>
              ) : (
                <div>{item.title}</div>
              )}
              {item.hint ? (
                <div id={hintId} className="govuk-task-list__hint">
                  {item.hint}
                </div>
              ) : null}
            </div>
            <div
              className={cx('govuk-task-list__status', cannotStart && 'govuk-task-list__status--cannot-start-yet')}
              id={statusId}
            >
              {isTaskStatus(item.status) ? (
                <strong className={cx('govuk-tag', TASK_STATUS_TAG_CLASSES[item.status])}>{item.status}</strong>
              ) : (
                item.status
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
