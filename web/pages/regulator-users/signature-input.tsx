// The signature image of a regulator: a file input in a GOV.UK form group, checked in the browser
// for what it can (extension, size) and by the API for the rest (a real BMP, its dimensions).
import type { Ref } from 'react';
import { ErrorMessage, FormGroup, Hint } from '../../components';
import { SIGNATURE_HINT } from './regulators-data';

export function SignatureInput({
  label,
  error,
  inputRef,
}: {
  label: string;
  error?: string;
  inputRef: Ref<HTMLInputElement>;
}) {
  return (
    <FormGroup id="l.signature" error={!!error}>
      <label className="govuk-label govuk-label--s" htmlFor="signature">
        {label}
      </label>
      <Hint id="signature-hint">{SIGNATURE_HINT}</Hint>
      {error ? <ErrorMessage id="signature-error">{error}</ErrorMessage> : null}
      <input
        ref={inputRef}
        id="signature"
        name="signature"
        type="file"
        accept=".bmp,image/bmp"
        className={`govuk-file-upload${error ? ' govuk-file-upload--error' : ''}`}
        aria-describedby={error ? 'signature-hint signature-error' : 'signature-hint'}
      />
    </FormGroup>
  );
}
