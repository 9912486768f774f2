// The frame of one wizard step: error summary, the 'Error: ' title prefix while errors show, and
// the Continue button.
import { useEffect, useId, type FormEvent, type ReactNode } from 'react';
import { Button, ErrorSummary } from '../../components';
import { setFormErrors } from '../../lib/page-title';
import type { FieldError } from './draft';

export function StepForm({
  errors,
  submitCount,
  onSubmit,
  children,
  submitText = 'Continue',
  pending,
}: {
  errors: FieldError[];
  submitCount: number;
  onSubmit: () => void;
  children: ReactNode;
  submitText?: string;
  pending?: boolean;
}) {
  const formId = useId();
  const hasErrors = errors.length > 0;
  useEffect(() => setFormErrors(formId, hasErrors), [formId, hasErrors]);
  useEffect(() => () => setFormErrors(formId, false), [formId]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form noValidate onSubmit={submit}>
      <ErrorSummary errors={errors} focusKey={submitCount} />
      {children}
      <Button type="submit" pending={pending}>
        {submitText}
      </Button>
    </form>
  );
}

export const errorOf = (errors: FieldError[], path: string) => errors.find((e) => e.path === path)?.message;
