import type { HTMLAttributes, ReactNode } from 'react';
import { ErrorMessage } from './error-message';
import { FormGroup } from './form-group';
import { Hint } from './hint';
import { Label } from './label';
import { cx, fieldIds } from './internal';

/** What every single-control field (text input, textarea, select) takes besides its control's own attributes. */
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

const FIELD_KEYS = [
  'id',
  'name',
  'label',
  'labelClassName',
  'isPageHeading',
  'hint',
  'errorMessage',
  'formGroupClassName',
  'groupId',
] as const;

/** Splits a field component's props into the field's (label, hint, error…) and the control's own, with the field's ids. */
export function splitFieldProps<P extends FieldProps>(
  props: P,
): { field: FieldProps; ids: ReturnType<typeof fieldIds>; control: Omit<P, keyof FieldProps> } {
  const field: Record<string, unknown> = {};
  const control: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props))
    ((FIELD_KEYS as readonly string[]).includes(key) ? field : control)[key] = value;
  return { field, ids: fieldIds(field), control: control as Omit<P, keyof FieldProps> };
}

export interface FieldGroupProps extends Omit<HTMLAttributes<HTMLDivElement>, 'id'> {
  field: FieldProps;
  ids: ReturnType<typeof fieldIds>;
  children: ReactNode;
}

/** A single control's form group: its label, hint and error message, then the control (children). */
export function FieldGroup({ field, ids, className, children, ...groupAttributes }: FieldGroupProps) {
  return (
    <FormGroup
      {...groupAttributes}
      id={ids.anchor}
      error={!!field.errorMessage}
      className={cx(className, field.formGroupClassName)}
    >
      <Label htmlFor={ids.fieldId} className={field.labelClassName} isPageHeading={field.isPageHeading}>
        {field.label}
      </Label>
      {field.hint ? <Hint id={ids.hintId}>{field.hint}</Hint> : null}
      {field.errorMessage ? <ErrorMessage id={ids.errorId}>{field.errorMessage}</ErrorMessage> : null}
      {children}
    </FormGroup>
  );
}
