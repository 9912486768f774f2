import type { Ref, SelectHTMLAttributes } from 'react';
import { ErrorMessage } from './error-message';
import { FormGroup } from './form-group';
import { Hint } from './hint';
import { Label } from './label';
import type { FieldProps } from './text-input';
import { cx, describedBy, fieldIds } from './internal';

/** Select option (spec generic shape). */
export interface SelectOption {
  value: string;
  text: string;
  disabled?: boolean;
}

export interface SelectProps extends FieldProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'name'> {
  ref?: Ref<HTMLSelectElement>;
  options: readonly SelectOption[];
}

/** GOV.UK select. Spread `{...register('x')}` onto it. */
export function Select({
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
  options,
  ref,
  'aria-describedby': extraDescribedBy,
  ...rest
}: SelectProps) {
  const { fieldId: selectId, hintId, errorId, anchor } = fieldIds({ id, name, hint, errorMessage, groupId });
  return (
    <FormGroup id={anchor} error={!!errorMessage} className={formGroupClassName}>
      <Label htmlFor={selectId} className={labelClassName} isPageHeading={isPageHeading}>
        {label}
      </Label>
      {hint ? <Hint id={hintId}>{hint}</Hint> : null}
      {errorMessage ? <ErrorMessage id={errorId}>{errorMessage}</ErrorMessage> : null}
      <select
        {...rest}
        ref={ref}
        className={cx('govuk-select', className, errorMessage ? 'govuk-select--error' : undefined)}
        id={selectId}
        name={name}
        aria-describedby={describedBy(extraDescribedBy, hintId, errorId)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.text}
          </option>
        ))}
      </select>
    </FormGroup>
  );
}
