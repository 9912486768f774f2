// Step 1: registered at Companies House? and the registration number (reference workflows §6.1).
import { Radios, TextInput } from '../../components';
import type { ApplicationDraft, FieldError } from './draft';
import { StepForm, errorOf } from './step-form';

export function RegisteredStep({
  draft,
  change,
  errors,
  submitCount,
  pending,
  onContinue,
}: {
  draft: ApplicationDraft;
  change: (d: Partial<ApplicationDraft>) => void;
  errors: FieldError[];
  submitCount: number;
  pending: boolean;
  onContinue: () => void;
}) {
  return (
    <StepForm errors={errors} submitCount={submitCount} onSubmit={onContinue} pending={pending}>
      <span className="govuk-caption-l">Organisation details</span>
      <Radios
        name="registered"
        isPageHeading
        legendClassName="govuk-fieldset__legend--l"
        legend="Is the UK organisation registered at Companies House?"
        hint="A Company Registration Number is 8 characters: 8 numbers; 1 letter and 7 numbers; 2 letters and 6 numbers; or 2 letters, 5 numbers and a final letter. If yours has fewer than 8 numbers, add zeroes at the start."
        value={draft.registered}
        errorMessage={errorOf(errors, 'registered')}
        onChange={(e) => change({ registered: e.target.value as 'yes' | 'no' })}
        items={[
          {
            value: 'yes',
            text: 'Yes',
            conditional: (
              <TextInput
                name="registrationNumber"
                label="Enter the Company Registration Number"
                className="govuk-input--width-10"
                spellCheck={false}
                autoComplete="off"
                value={draft.registrationNumber}
                errorMessage={errorOf(errors, 'registrationNumber')}
                onChange={(e) => change({ registrationNumber: e.target.value })}
              />
            ),
          },
          {
            value: 'no',
            text: 'No, the organisation is not registered and does not have a Company Registration Number',
          },
        ]}
      />
    </StepForm>
  );
}
