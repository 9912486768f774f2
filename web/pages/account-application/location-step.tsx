// Step 3: where the registered office is; it decides the competent authority (the regulator).
import { Radios } from '../../components';
import { locationLabels, locations } from '../../../domain/accounts';
import type { CompetentAuthority } from '../../../domain/authorities';
import type { ApplicationDraft, FieldError } from './draft';
import { StepForm, errorOf } from './step-form';

export function LocationStep({
  draft,
  change,
  errors,
  submitCount,
  onContinue,
}: {
  draft: ApplicationDraft;
  change: (d: Partial<ApplicationDraft>) => void;
  errors: FieldError[];
  submitCount: number;
  onContinue: () => void;
}) {
  return (
    <StepForm errors={errors} submitCount={submitCount} onSubmit={onContinue}>
      <span className="govuk-caption-l">Organisation details</span>
      <Radios
        name="competentAuthority"
        isPageHeading
        legendClassName="govuk-fieldset__legend--l"
        legend="Where is your registered office located?"
        hint="If you do not have a registered office, choose where most of your activity takes place. The location decides which regulator you report to."
        value={draft.competentAuthority}
        errorMessage={errorOf(errors, 'competentAuthority')}
        onChange={(e) => change({ competentAuthority: e.target.value as CompetentAuthority })}
        items={locations.map((l) => ({ value: l, text: locationLabels[l] }))}
      />
    </StepForm>
  );
}
