import type { Ref, SelectHTMLAttributes } from 'react';
import { FieldGroup, splitFieldProps, type FieldProps } from './field-group';
import { cx, describedBy } from './internal';

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
export function Select(props: SelectProps) {
  const { field, ids, control } = splitFieldProps(props);
  const { className, options, 'aria-describedby': extraDescribedBy, ...rest } = control;
  return (
    <FieldGroup field={field} ids={ids}>
      <select
        {...rest}
        className={cx('govuk-select', className, field.errorMessage ? 'govuk-select--error' : undefined)}
        id={ids.fieldId}
        name={field.name}
        aria-describedby={describedBy(extraDescribedBy, ids.hintId, ids.errorId)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.text}
          </option>
        ))}
      </select>
    </FieldGroup>
  );
}
