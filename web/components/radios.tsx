import { useEffect, useRef, useState, type ChangeEvent, type FocusEventHandler, type ReactNode, type Ref } from 'react';
import { ErrorMessage } from './error-message';
import { Fieldset } from './fieldset';
import { FormGroup } from './form-group';
import { Hint } from './hint';
import { cx, describedBy, errorAnchorId } from './internal';

// Conditional reveals carry aria-controls but not the aria-expanded govuk-frontend adds: ARIA does
// not allow aria-expanded on a radio or a checkbox, and axe (aria-allowed-attr) fails the page.

export interface ChoiceItem {
  value: string;
  text: ReactNode;
  hint?: ReactNode;
  disabled?: boolean;
  /** Explicit id; the first item's id is `{idPrefix}`, the others `{idPrefix}-{n}` as govuk does. */
  id?: string;
  /** Content revealed while the item is checked. */
  conditional?: ReactNode;
}

export interface ChoiceDivider {
  divider: string;
}

export interface RadiosProps {
  name: string;
  items: ReadonlyArray<ChoiceItem | ChoiceDivider>;
  idPrefix?: string;
  legend?: ReactNode;
  legendClassName?: string;
  isPageHeading?: boolean;
  hint?: ReactNode;
  errorMessage?: ReactNode;
  /** 'large' (default) or 'medium' (govuk's `govuk-radios--small`). */
  size?: 'large' | 'medium';
  inline?: boolean;
  className?: string;
  formGroupClassName?: string;
  groupId?: string;
  /** Controlled value (use with onChange). */
  value?: string | null;
  defaultValue?: string;
  disabled?: boolean;
  // react-hook-form `register` props, applied to every radio.
  ref?: Ref<HTMLInputElement>;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur?: FocusEventHandler<HTMLInputElement>;
}

export function isDivider<T extends object>(item: T | ChoiceDivider): item is ChoiceDivider {
  return 'divider' in item;
}

/** GOV.UK radios in a fieldset. Spread `{...register('x')}` onto it. */
export function Radios({
  name,
  items,
  idPrefix,
  legend,
  legendClassName,
  isPageHeading,
  hint,
  errorMessage,
  size = 'large',
  inline,
  className,
  formGroupClassName,
  groupId,
  value,
  defaultValue,
  disabled,
  ref,
  onChange,
  onBlur,
}: RadiosProps) {
  const prefix = idPrefix ?? name;
  const hintId = hint ? `${prefix}-hint` : undefined;
  const errorId = errorMessage ? `${prefix}-error` : undefined;
  const container = useRef<HTMLDivElement | null>(null);
  const [checkedValue, setCheckedValue] = useState<string | null | undefined>(value ?? defaultValue);
  const current = value !== undefined ? value : checkedValue;

  // Uncontrolled inputs may be checked by react-hook-form through the ref: read the DOM once mounted.
  useEffect(() => {
    if (value !== undefined) return;
    const checked = container.current?.querySelector<HTMLInputElement>('input.govuk-radios__input:checked');
    if (checked && checked.value !== checkedValue) setCheckedValue(checked.value);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  let index = 0;
  return (
    <FormGroup id={groupId ?? errorAnchorId(name)} error={!!errorMessage} className={formGroupClassName}>
      <Fieldset
        legend={legend}
        legendClassName={legendClassName}
        isPageHeading={isPageHeading}
        describedBy={describedBy(hintId, errorId)}
      >
        {hint ? <Hint id={hintId}>{hint}</Hint> : null}
        {errorMessage ? <ErrorMessage id={errorId}>{errorMessage}</ErrorMessage> : null}
        <div
          ref={container}
          className={cx(
            'govuk-radios',
            size === 'medium' && 'govuk-radios--small',
            inline && 'govuk-radios--inline',
            className,
          )}
          data-module="govuk-radios"
        >
          {items.map((item, i) => {
            if (isDivider(item)) {
              return (
                <div key={`divider-${i}`} className="govuk-radios__divider">
                  {item.divider}
                </div>
              );
            }
            index += 1;
            const itemId = item.id ?? (index > 1 ? `${prefix}-${index}` : prefix);
            const itemHintId = `${itemId}-item-hint`;
            const conditionalId = `conditional-${itemId}`;
            const isChecked = current === item.value;
            return (
              <RadioItem key={item.value}>
                <div className="govuk-radios__item">
                  <input
                    ref={ref}
                    className="govuk-radios__input"
                    id={itemId}
                    name={name}
                    type="radio"
                    value={item.value}
                    disabled={disabled || item.disabled}
                    {...(value !== undefined
                      ? { checked: isChecked }
                      : defaultValue !== undefined
                        ? { defaultChecked: defaultValue === item.value }
                        : {})}
                    aria-describedby={item.hint ? itemHintId : undefined}
                    aria-controls={item.conditional && isChecked ? conditionalId : undefined}
                    onChange={(event) => {
                      setCheckedValue(event.target.value);
                      onChange?.(event);
                    }}
                    onBlur={onBlur}
                  />
                  <label className="govuk-label govuk-radios__label" htmlFor={itemId}>
                    {item.text}
                  </label>
                  {item.hint ? (
                    <Hint id={itemHintId} className="govuk-radios__hint">
                      {item.hint}
                    </Hint>
                  ) : null}
                </div>
                {item.conditional && isChecked ? (
                  <div className="govuk-radios__conditional" id={conditionalId}>
                    {item.conditional}
                  </div>
                ) : null}
              </RadioItem>
            );
          })}
        </div>
      </Fieldset>
    </FormGroup>
  );
}

function RadioItem({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
