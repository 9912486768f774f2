import type { ReactNode } from 'react';
import { ErrorMessage } from './error-message';
import { Fieldset } from './fieldset';
import { FormGroup } from './form-group';
import { Hint } from './hint';
import { describedBy, errorAnchorId } from './internal';

export interface DateFieldsetProps {
  /** Id of the `govuk-date-input` element; its parts get `{id}-day`, `{id}-month`, `{id}-year`. */
  id: string;
  /** Field path used for the error-summary anchor `l.{name}` (defaults to id). */
  name?: string;
  legend?: ReactNode;
  legendClassName?: string;
  isPageHeading?: boolean;
  hint?: ReactNode;
  errorMessage?: ReactNode;
  formGroupClassName?: string;
  groupId?: string;
  /** The parts, each a DatePartItem. */
  children: ReactNode;
}

/**
 * The GOV.UK date input's frame: a form group and a fieldset with role=group, its hint and error
 * message, and the `govuk-date-input` row the parts sit in (typed, as DateInput, or chosen, as
 * MonthSelect).
 */
export function DateFieldset({
  id,
  name,
  legend,
  legendClassName,
  isPageHeading,
  hint,
  errorMessage,
  formGroupClassName,
  groupId,
  children,
}: DateFieldsetProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errorMessage ? `${id}-error` : undefined;
  return (
    <FormGroup id={groupId ?? errorAnchorId(name ?? id)} error={!!errorMessage} className={formGroupClassName}>
      <Fieldset
        role="group"
        legend={legend}
        legendClassName={legendClassName}
        isPageHeading={isPageHeading}
        describedBy={describedBy(hintId, errorId)}
      >
        {hint ? <Hint id={hintId}>{hint}</Hint> : null}
        {errorMessage ? <ErrorMessage id={errorId}>{errorMessage}</ErrorMessage> : null}
        <div className="govuk-date-input" id={id}>
          {children}
        </div>
      </Fieldset>
    </FormGroup>
  );
}

/** One part of a date (day, month or year) with its label above it. */
export function DatePartItem({ htmlFor, label, children }: { htmlFor: string; label: string; children: ReactNode }) {
  return (
    <div className="govuk-date-input__item">
      <div className="govuk-form-group">
        <label className="govuk-label govuk-date-input__label" htmlFor={htmlFor}>
          {label}
        </label>
        {children}
      </div>
    </div>
  );
}
