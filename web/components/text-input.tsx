import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { FieldGroup, splitFieldProps, type FieldProps } from './field-group';
import { cx, describedBy } from './internal';

export interface TextInputProps
  extends FieldProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'prefix'> {
  ref?: Ref<HTMLInputElement>;
  prefix?: ReactNode;
  suffix?: ReactNode;
}

/** GOV.UK text input. Spread `{...register('x')}` onto it. */
export function TextInput(props: TextInputProps) {
  const { field, ids, control } = splitFieldProps(props);
  const { className, prefix, suffix, type = 'text', 'aria-describedby': extraDescribedBy, ...rest } = control;
  const input = (
    <input
      {...rest}
      className={cx('govuk-input', className, field.errorMessage ? 'govuk-input--error' : undefined)}
      id={ids.fieldId}
      name={field.name}
      type={type}
      aria-describedby={describedBy(extraDescribedBy, ids.hintId, ids.errorId)}
    />
  );
  return (
    <FieldGroup field={field} ids={ids}>
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
    </FieldGroup>
  );
}
