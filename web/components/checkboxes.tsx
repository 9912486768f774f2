import { useEffect, useRef, useState, type ChangeEvent, type FocusEventHandler, type ReactNode, type Ref } from 'react';
import { ErrorMessage } from './error-message';
import { Fieldset } from './fieldset';
import { FormGroup } from './form-group';
import { Hint } from './hint';
import { isDivider, type ChoiceDivider } from './radios';
import { cx, describedBy, errorAnchorId } from './internal';

// No aria-expanded on conditional reveals (see radios.tsx): ARIA does not allow it on a checkbox.

export interface CheckboxItem {
  /** Omit for a single yes/no checkbox: react-hook-form then gives a boolean. */
  value?: string;
  text: ReactNode;
  hint?: ReactNode;
  disabled?: boolean;
  id?: string;
  conditional?: ReactNode;
  /** 'exclusive' for a 'None of these' item (unchecks the others). */
  behaviour?: 'exclusive';
}

export interface CheckboxesProps {
  name: string;
  items: ReadonlyArray<CheckboxItem | ChoiceDivider>;
  idPrefix?: string;
  legend?: ReactNode;
  legendClassName?: string;
  isPageHeading?: boolean;
  hint?: ReactNode;
  errorMessage?: ReactNode;
  size?: 'large' | 'medium';
  className?: string;
  formGroupClassName?: string;
  groupId?: string;
  /** Without a fieldset (a single checkbox that needs no legend). Default: a fieldset when a legend is given. */
  fieldset?: boolean;
  /** Controlled checked values (use with onChange). */
  values?: readonly string[];
  defaultValues?: readonly string[];
  disabled?: boolean;
  ref?: Ref<HTMLInputElement>;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur?: FocusEventHandler<HTMLInputElement>;
}

function key(item: CheckboxItem, index: number): string {
  return item.value ?? `item-${index}`;
}

/** GOV.UK checkboxes. Spread `{...register('x')}` onto it. */
export function Checkboxes({
  name,
  items,
  idPrefix,
  legend,
  legendClassName,
  isPageHeading,
  hint,
  errorMessage,
  size = 'large',
  className,
  formGroupClassName,
  groupId,
  fieldset,
  values,
  defaultValues,
  disabled,
  ref,
  onChange,
  onBlur,
}: CheckboxesProps) {
  const prefix = idPrefix ?? name;
  const hintId = hint ? `${prefix}-hint` : undefined;
  const errorId = errorMessage ? `${prefix}-error` : undefined;
  const container = useRef<HTMLDivElement | null>(null);
  const [checked, setChecked] = useState<ReadonlySet<string>>(() => new Set(values ?? defaultValues ?? []));
  const hasFieldset = fieldset ?? (legend !== undefined && legend !== null);

  useEffect(() => {
    const inputs = container.current?.querySelectorAll<HTMLInputElement>('input.govuk-checkboxes__input') ?? [];
    const next = new Set<string>();
    inputs.forEach((input, i) => input.checked && next.add(input.dataset.key ?? String(i)));
    setChecked(next);
  }, []);

  const handle = (event: ChangeEvent<HTMLInputElement>, item: CheckboxItem, itemKey: string) => {
    const next = new Set(checked);
    if (event.target.checked) next.add(itemKey);
    else next.delete(itemKey);
    if (event.target.checked && container.current) {
      // Exclusive behaviour, as govuk-frontend: an exclusive item unchecks the others and vice versa.
      container.current.querySelectorAll<HTMLInputElement>('input.govuk-checkboxes__input').forEach((other) => {
        if (other === event.target || !other.checked) return;
        const otherExclusive = other.dataset.behaviour === 'exclusive';
        if (item.behaviour === 'exclusive' || otherExclusive) {
          other.checked = false;
          next.delete(other.dataset.key ?? '');
          onChange?.({
            target: other,
            currentTarget: other,
            type: 'change',
          } as unknown as ChangeEvent<HTMLInputElement>);
        }
      });
    }
    setChecked(next);
    onChange?.(event);
  };

  let index = 0;
  const inner = (
    <>
      {hint ? <Hint id={hintId}>{hint}</Hint> : null}
      {errorMessage ? <ErrorMessage id={errorId}>{errorMessage}</ErrorMessage> : null}
      <div
        ref={container}
        className={cx('govuk-checkboxes', size === 'medium' && 'govuk-checkboxes--small', className)}
        data-module="govuk-checkboxes"
      >
        {items.map((item, i) => {
          if (isDivider(item)) {
            return (
              <div key={`divider-${i}`} className="govuk-checkboxes__divider">
                {item.divider}
              </div>
            );
          }
          index += 1;
          const itemId = item.id ?? (index > 1 ? `${prefix}-${index}` : prefix);
          const itemKey = key(item, index - 1);
          const itemHintId = item.hint ? `${itemId}-item-hint` : undefined;
          const conditionalId = `conditional-${itemId}`;
          const isChecked = values ? item.value !== undefined && values.includes(item.value) : checked.has(itemKey);
          return (
            <CheckboxRow key={itemKey}>
              <div className="govuk-checkboxes__item">
                <input
                  ref={ref}
                  className="govuk-checkboxes__input"
                  id={itemId}
                  name={name}
                  type="checkbox"
                  value={item.value}
                  data-key={itemKey}
                  data-behaviour={item.behaviour}
                  disabled={disabled || item.disabled}
                  {...(values
                    ? { checked: isChecked }
                    : defaultValues
                      ? { defaultChecked: item.value !== undefined && defaultValues.includes(item.value) }
                      : {})}
                  aria-describedby={describedBy(!hasFieldset && hintId, !hasFieldset && errorId, itemHintId)}
                  aria-controls={item.conditional && isChecked ? conditionalId : undefined}
                  onChange={(event) => handle(event, item, itemKey)}
                  onBlur={onBlur}
                />
                <label className="govuk-label govuk-checkboxes__label" htmlFor={itemId}>
                  {item.text}
                </label>
                {item.hint ? (
                  <Hint id={itemHintId} className="govuk-checkboxes__hint">
                    {item.hint}
                  </Hint>
                ) : null}
              </div>
              {item.conditional && isChecked ? (
                <div className="govuk-checkboxes__conditional" id={conditionalId}>
                  {item.conditional}
                </div>
              ) : null}
            </CheckboxRow>
          );
        })}
      </div>
    </>
  );
  return (
    <FormGroup id={groupId ?? errorAnchorId(name)} error={!!errorMessage} className={formGroupClassName}>
      {hasFieldset ? (
        <Fieldset
          legend={legend}
          legendClassName={legendClassName}
          isPageHeading={isPageHeading}
          describedBy={describedBy(hintId, errorId)}
        >
          {inner}
        </Fieldset>
      ) : (
        inner
      )}
    </FormGroup>
  );
}

function CheckboxRow({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
