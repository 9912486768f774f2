import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { FOCUSABLE, cx, errorAnchorId } from './internal';

export interface ErrorSummaryItem {
  /** Field path (react-hook-form name, e.g. 'ratings.0.reason'); the link goes to `#l.{path}`. */
  path: string;
  message: string;
}

export interface ErrorSummaryProps {
  errors: readonly ErrorSummaryItem[];
  title?: ReactNode;
  description?: ReactNode;
  className?: string;
  /** Focus the summary when it appears and whenever this key changes (e.g. the submit count). Default: on appearance. */
  focusKey?: unknown;
  /** Disable moving focus to the summary. */
  disableAutoFocus?: boolean;
}

/**
 * Element the summary link points at: the form group `l.{path}`, else an element with id `path`,
 * else the first element named `path`.
 */
export function findErrorTarget(path: string): HTMLElement | null {
  return (
    document.getElementById(errorAnchorId(path)) ??
    document.getElementById(path) ??
    (document.getElementsByName(path)[0] as HTMLElement | undefined) ??
    null
  );
}

/** Focuses the field of an error path (the first focusable input inside its group) and scrolls its label/legend into view. */
export function focusErrorTarget(path: string): boolean {
  const target = findErrorTarget(path);
  if (!target) return false;
  const isField = target.matches('input, select, textarea, button, a[href], [tabindex]');
  const input = isField ? target : target.querySelector<HTMLElement>(FOCUSABLE);
  const legendOrLabel = target.querySelector<HTMLElement>('legend, label') ?? target;
  if (typeof legendOrLabel.scrollIntoView === 'function') legendOrLabel.scrollIntoView();
  if (input) {
    input.focus({ preventScroll: true });
    return true;
  }
  target.setAttribute('tabindex', '-1');
  target.focus();
  return true;
}

/** GOV.UK error summary: 'There is a problem' with links to `#l.{path}`; clicking one focuses the field. */
export function ErrorSummary({
  errors,
  title = 'There is a problem',
  description,
  className,
  focusKey,
  disableAutoFocus,
}: ErrorSummaryProps) {
  const root = useRef<HTMLDivElement | null>(null);
  const visible = errors.length > 0;

  useEffect(() => {
    if (visible && !disableAutoFocus) root.current?.focus();
  }, [visible, focusKey, disableAutoFocus]);

  if (!visible) return null;

  const onClick = (event: MouseEvent<HTMLAnchorElement>, path: string) => {
    if (focusErrorTarget(path)) event.preventDefault();
  };

  return (
    <div ref={root} className={cx('govuk-error-summary', className)} data-module="govuk-error-summary" tabIndex={-1}>
      <div role="alert">
        <h2 className="govuk-error-summary__title">{title}</h2>
        <div className="govuk-error-summary__body">
          {description ? <p>{description}</p> : null}
          <ul className="govuk-list govuk-error-summary__list">
            {errors.map((error) => (
              <li key={`${error.path}:${error.message}`}>
                <a href={`#${errorAnchorId(error.path)}`} onClick={(event) => onClick(event, error.path)}>
                  {error.message}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </div>
  );
}
