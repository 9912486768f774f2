import type { InputHTMLAttributes, Ref } from 'react';
import { DateFieldset, DatePartItem, type DateFieldsetProps } from './date-fieldset';
import { cx } from './internal';

export type DatePart = 'day' | 'month' | 'year';

/** Props of one of the three inputs; `register('startDate.day')` fits. */
export type DatePartProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & {
  ref?: Ref<HTMLInputElement>;
};

export type DateInputProps = Omit<DateFieldsetProps, 'children'> & {
  /** Input names are `{namePrefix}-day` etc. as govuk does, unless the part props carry a name. */
  namePrefix?: string;
  /** Which inputs get the error style; default: all three when there is an error. */
  errorParts?: readonly DatePart[];
  day?: DatePartProps;
  month?: DatePartProps;
  year?: DatePartProps;
  /** Values of uncontrolled inputs. */
  values?: Partial<Record<DatePart, string | number>>;
  disabled?: boolean;
  /** The inputs shown; default all three (a month and year question leaves out the day). */
  parts?: readonly DatePart[];
};

const LABELS: Record<DatePart, string> = { day: 'Day', month: 'Month', year: 'Year' };

/**
 * GOV.UK date input (day, month, year) in a fieldset with role=group.
 * With react-hook-form: `<DateInput id="startDate" {...registerDate(form, 'startDate')} />`.
 */
export function DateInput({
  id,
  name,
  namePrefix,
  legend,
  legendClassName,
  isPageHeading,
  hint,
  errorMessage,
  errorParts,
  day,
  month,
  year,
  values,
  formGroupClassName,
  groupId,
  disabled,
  parts = ['day', 'month', 'year'],
}: DateInputProps) {
  const partProps: Record<DatePart, DatePartProps | undefined> = { day, month, year };
  return (
    <DateFieldset
      {...{ id, name, legend, legendClassName, isPageHeading, hint, errorMessage, formGroupClassName, groupId }}
    >
      {parts.map((part) => {
        const { className, ref, name: partName, ...rest } = partProps[part] ?? {};
        const inputId = `${id}-${part}`;
        const hasError = !!errorMessage && (!errorParts || errorParts.includes(part));
        const value = values?.[part];
        return (
          <DatePartItem key={part} htmlFor={inputId} label={LABELS[part]}>
            <input
              defaultValue={value === undefined ? undefined : String(value)}
              disabled={disabled}
              inputMode="numeric"
              {...rest}
              ref={ref}
              className={cx(
                'govuk-input govuk-date-input__input',
                part === 'year' ? 'govuk-input--width-4' : 'govuk-input--width-2',
                hasError && 'govuk-input--error',
                className,
              )}
              id={inputId}
              name={partName ?? (namePrefix ? `${namePrefix}-${part}` : part)}
              type="text"
            />
          </DatePartItem>
        );
      })}
    </DateFieldset>
  );
}
