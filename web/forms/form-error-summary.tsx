import { ErrorSummary, type ErrorSummaryProps } from '../components/error-summary';
import type { FormErrorItem } from './use-gov-form';

export interface FormErrorSummaryProps extends Omit<ErrorSummaryProps, 'errors' | 'focusKey'> {
  /** A `useGovForm` result (only its error list and submit count are read). */
  form: { errorList: readonly FormErrorItem[]; formState: { submitCount: number } };
}

/**
 * The error summary of a form: shown after a submit attempt while the form has errors, focused on
 * each submit attempt; its links focus the fields.
 */
export function FormErrorSummary({ form, ...rest }: FormErrorSummaryProps) {
  const { submitCount } = form.formState;
  const errors = submitCount > 0 ? form.errorList : [];
  return <ErrorSummary {...rest} errors={errors} focusKey={submitCount} />;
}
