import type { Ref, SelectHTMLAttributes } from 'react';
import { DateFieldset, DatePartItem, type DateFieldsetProps } from './date-fieldset';
import { cx } from './internal';
import { MONTHS } from '../../domain/validation';

/** Props of one of the two selects; `register('date.month')` fits. */
export type MonthPartProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  ref?: Ref<HTMLSelectElement>;
};

export type MonthSelectProps = Omit<DateFieldsetProps, 'children' | 'formGroupClassName' | 'groupId'> & {
  month: MonthPartProps;
  year: MonthPartProps;
  /** The years offered, in order. */
  years: readonly number[];
};

/**
 * A month and year chosen from two selects, laid out as the GOV.UK date input (a fieldset with
 * role=group): for a month that must fall in a known period, whose years are all the year select
 * offers. Month values are 1 to 12, as a month typed into a date input.
 */
export function MonthSelect({ month, year, years, ...frame }: MonthSelectProps) {
  const { id, errorMessage } = frame;
  const parts = [
    { part: 'month', label: 'Month', props: month, options: MONTHS.map((text, i) => [String(i + 1), text]) },
    { part: 'year', label: 'Year', props: year, options: years.map((y) => [String(y), String(y)]) },
  ];
  return (
    <DateFieldset {...frame}>
      {parts.map(({ part, label, props, options }) => {
        const { className, ...rest } = props;
        return (
          <DatePartItem key={part} htmlFor={`${id}-${part}`} label={label}>
            <select
              {...rest}
              id={`${id}-${part}`}
              className={cx('govuk-select', errorMessage ? 'govuk-select--error' : undefined, className)}
            >
              <option value="">{label}</option>
              {options.map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </select>
          </DatePartItem>
        );
      })}
    </DateFieldset>
  );
}
