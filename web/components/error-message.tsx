import type { ReactNode } from 'react';
import { cx } from './internal';

export interface ErrorMessageProps {
  id?: string;
  className?: string;
  /** Visually hidden prefix, 'Error' by default (rendered as 'Error:'). */
  visuallyHiddenText?: string;
  children?: ReactNode;
}

/** Field error: `<p class="govuk-error-message"><span class="govuk-visually-hidden">Error:</span> msg</p>`. */
export function ErrorMessage({ id, className, visuallyHiddenText = 'Error', children }: ErrorMessageProps) {
  return (
    <p id={id} className={cx('govuk-error-message', className)}>
      {visuallyHiddenText ? (
        <>
          <span className="govuk-visually-hidden">{visuallyHiddenText}:</span>{' '}
        </>
      ) : null}
      {children}
    </p>
  );
}
