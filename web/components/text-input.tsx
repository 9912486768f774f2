import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { ErrorMessage } from './error-message';
import { FormGroup } from './form-group';
import { Hint } from './hint';
import { Label } from './label';
import { cx, describedBy, fieldIds } from './internal';

export interface FieldProps {
  /** Input id; defaults to `name`. */
  id?: string;
  name?: string;
  label?: ReactNode;
  labelClassName?: string;
  isPageHeading?: boolean;
  hint?: ReactNode;
  errorMessage?: ReactNode;
  /** Extra classes of the form group. */
  formGroupClassName?: string;
  /** Id of the form group, the error-summary anchor; defaults to `l.{name}`. */
  groupId?: string;
}

export interface TextInputProps extends FieldProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'prefix'> {
  ref?: Ref<HTMLInputElement>;
  prefix?: ReactNode;
  suffix?: ReactNode;
}

/** GOV.UK text input. Spread `{...register('x')}` onto it. */
export function TextInput({
  id,
  name,
  label,
  labelClassName,
  isPageHeading,
  hint,
  errorMessage,
  formGroupClassName,
  groupId,
  className,
  prefix,
  suffix,
  type = 'text',
  ref,
  'aria-describedby': extraDescribedBy,
  ...rest
}: TextInputProps) {
  const { fieldId: inputId, hintId, errorId, anchor } = fieldIds({ id, name, hint, errorMessage, groupId });
  const input = (
    <input
      {...rest}
      ref={ref}
      className={cx('govuk-input', className, errorMessage ? 'govuk-input--error' : undefined)}
      id={inputId}
      name={name}
      type={type}
      aria-describedby={describedBy(extraDescribedBy, hintId, errorId)}
    />
  );
  return (
    <FormGroup id={anchor} error={!!errorMessage} className={formGroupClassName}>
      <Label htmlFor={inputId} className={labelClassName} isPageHeading={isPageHeading}>
        {label}
      </Label>
      {hint ? <Hint id={hintId}>{hint}</Hint> : null}
      {errorMessage ? <ErrorMessage id={errorId}>{errorMessage}</ErrorMessage> : null}
      {prefix || suffix ? (
        <div className="govuk-input__wrapper">
          {prefix ? (
            <div className="govuk-input__prefix" aria-hidden="true">
              {prefix}
            </div>
          ) : null}
          {input}
          {suffix ? (
            <div className="govuk-input__suffix" aria-hidden="true">
              {suffix}
            </div>
          ) : null}
        </div>
      ) : (
        input
      )}
    </FormGroup>
  );
}
