import { useEffect, useRef, useState, type ChangeEvent, type Ref, type TextareaHTMLAttributes } from 'react';
import {
  charactersLimitDescription,
  charactersRemainingMessage,
  charactersTooManyMessage,
} from '../../domain/validation/messages';
import { FieldGroup, splitFieldProps, type FieldProps } from './field-group';
import { cx, describedBy, mergeRefs } from './internal';

/** Share of maxLength from which the counter shows (spec: 99%). */
export const CHARACTER_COUNT_THRESHOLD = 99;

export interface TextareaProps
  extends FieldProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name' | 'maxLength'> {
  ref?: Ref<HTMLTextAreaElement>;
  /** With a limit the textarea becomes a GOV.UK character count (no native maxlength: typing past it is allowed). */
  maxLength?: number;
  /** Percentage of maxLength from which the count message shows; default 99. */
  threshold?: number;
}

/** Count message for `length` characters of `max`: 'You have N character(s) remaining' or '… too many'. */
export function characterCountMessage(length: number, max: number): string {
  const remaining = max - length;
  return remaining >= 0 ? charactersRemainingMessage(remaining) : charactersTooManyMessage(-remaining);
}

/** True when the count message should show: length >= threshold% of max. */
export function isOverCountThreshold(
  length: number,
  max: number,
  threshold: number = CHARACTER_COUNT_THRESHOLD,
): boolean {
  return length >= (max * threshold) / 100;
}

/** GOV.UK textarea, or character count when `maxLength` is set. Default rows: 5. Spread `{...register('x')}` onto it. */
export function Textarea(props: TextareaProps) {
  const { field, ids, control } = splitFieldProps(props);
  const {
    className,
    rows = 5,
    maxLength,
    threshold = CHARACTER_COUNT_THRESHOLD,
    ref,
    onChange,
    value,
    defaultValue,
    'aria-describedby': extraDescribedBy,
    ...rest
  } = control;
  const { fieldId: textareaId, hintId, errorId } = ids;
  const infoId = `${textareaId}-info`;
  const counting = maxLength !== undefined;
  const own = useRef<HTMLTextAreaElement | null>(null);
  const [length, setLength] = useState(() => String(value ?? defaultValue ?? '').length);

  // Values set without an input event (react-hook-form's reset/setValue, controlled value) are picked up here,
  // after every render: no dependency list can name a value set from outside.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (!counting) return;
    const current = value !== undefined ? String(value ?? '').length : (own.current?.value.length ?? 0);
    if (current !== length) setLength(current);
  });

  const handleChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    if (counting) setLength(event.target.value.length);
    onChange?.(event);
  };

  const overLimit = counting && length > maxLength;
  const textarea = (
    <textarea
      {...rest}
      ref={mergeRefs(ref, own)}
      className={cx(
        'govuk-textarea',
        (!!field.errorMessage || overLimit) && 'govuk-textarea--error',
        counting && 'govuk-js-character-count',
        className,
      )}
      id={textareaId}
      name={field.name}
      rows={rows}
      value={value}
      defaultValue={defaultValue}
      onChange={handleChange}
      aria-describedby={describedBy(extraDescribedBy, counting && infoId, hintId, errorId)}
    />
  );
  if (!counting) {
    return (
      <FieldGroup field={field} ids={ids}>
        {textarea}
      </FieldGroup>
    );
  }
  const shown = isOverCountThreshold(length, maxLength, threshold);
  const message = shown ? characterCountMessage(length, maxLength) : '';
  return (
    <FieldGroup
      field={field}
      ids={ids}
      className="govuk-character-count"
      data-module="govuk-character-count"
      data-maxlength={maxLength}
      data-threshold={threshold}
    >
      {textarea}
      <div id={infoId} className="govuk-hint govuk-character-count__message govuk-visually-hidden">
        {charactersLimitDescription(maxLength)}
      </div>
      <div
        className={cx(
          overLimit ? 'govuk-error-message' : 'govuk-hint',
          'govuk-character-count__message govuk-character-count__status',
          !shown && 'govuk-character-count__message--disabled',
        )}
        aria-hidden="true"
        data-testid="character-count-status"
      >
        {message}
      </div>
      <div
        className="govuk-character-count__sr-status govuk-visually-hidden"
        aria-live="polite"
        aria-hidden={shown ? undefined : true}
      >
        {message}
      </div>
    </FieldGroup>
  );
}

/** Alias: a textarea with a limit is the GOV.UK character count. */
export function CharacterCount(props: TextareaProps & { maxLength: number }) {
  return <Textarea {...props} />;
}
