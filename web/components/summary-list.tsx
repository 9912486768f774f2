import type { MouseEvent, ReactNode } from 'react';
import { cx } from './internal';

export interface SummaryListAction {
  href: string;
  text: ReactNode;
  /** Read after the text, e.g. 'name' for 'Change name'. */
  visuallyHiddenText?: string;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

export interface SummaryListRow {
  key: ReactNode;
  value: ReactNode;
  actions?: readonly SummaryListAction[];
  className?: string;
}

export interface SummaryListProps {
  rows: readonly SummaryListRow[];
  /** Adds `govuk-summary-list--no-border`. */
  noBorder?: boolean;
  className?: string;
}

function ActionLink({ action }: { action: SummaryListAction }) {
  return (
    <a className="govuk-link" href={action.href} onClick={action.onClick}>
      {action.text}
      {action.visuallyHiddenText ? <span className="govuk-visually-hidden"> {action.visuallyHiddenText}</span> : null}
    </a>
  );
}

export function SummaryList({ rows, noBorder, className }: SummaryListProps) {
  const anyActions = rows.some((r) => r.actions && r.actions.length > 0);
  return (
    <dl className={cx('govuk-summary-list', noBorder && 'govuk-summary-list--no-border', className)}>
      {rows.map((row, i) => {
        const actions = row.actions ?? [];
        return (
          <div
            key={i}
            className={cx(
              'govuk-summary-list__row',
              anyActions && actions.length === 0 && 'govuk-summary-list__row--no-actions',
              row.className,
            )}
          >
            <dt className="govuk-summary-list__key">{row.key}</dt>
            <dd className="govuk-summary-list__value">{row.value}</dd>
            {actions.length === 1 ? (
              <dd className="govuk-summary-list__actions">
                <ActionLink action={actions[0]!} />
              </dd>
            ) : actions.length > 1 ? (
              <dd className="govuk-summary-list__actions">
                <ul className="govuk-summary-list__actions-list">
                  {actions.map((a, j) => (
                    <li className="govuk-summary-list__actions-list-item" key={j}>
                      <ActionLink action={a} />
                    </li>
                  ))}
                </ul>
              </dd>
            ) : null}
          </div>
        );
      })}
    </dl>
  );
}
