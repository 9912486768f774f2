// Step 2: registered name, address and 1–4 classification codes, prefilled from the register.
import { Fieldset, Radios, TextInput } from '../../components';
import {
  MAX_CLASSIFICATION_CODES,
  classificationTypeLabels,
  classificationTypes,
  type ClassificationType,
} from '../../../domain/accounts';
import type { ApplicationDraft, FieldError } from './draft';
import { StepForm, errorOf } from './step-form';
import { useSicDescriptions } from '../../lib/sic-codes';

export function DetailsStep({
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
  const address = (key: keyof ApplicationDraft['address']) => ({
    name: `address.${key}`,
    value: draft.address[key],
    errorMessage: errorOf(errors, `address.${key}`),
    onChange: (e: { target: { value: string } }) => change({ address: { ...draft.address, [key]: e.target.value } }),
  });
  const setCodes = (codes: Partial<ApplicationDraft['codes']>) => change({ codes: { ...draft.codes, ...codes } });
  return (
    <StepForm errors={errors} submitCount={submitCount} onSubmit={onContinue}>
      <span className="govuk-caption-l">Organisation details</span>
      <h1 className="govuk-heading-l">Confirm the organisation details</h1>
      <TextInput
        label="Registered name"
        autoComplete="organization"
        {...{
          name: 'name',
          value: draft.name,
          errorMessage: errorOf(errors, 'name'),
          onChange: (e) => change({ name: e.target.value }),
        }}
      />
      <Fieldset legend="Registered office address" legendClassName="govuk-fieldset__legend--m">
        <TextInput label="Address line 1" autoComplete="address-line1" {...address('line1')} />
        <TextInput label="Address line 2 (optional)" autoComplete="address-line2" {...address('line2')} />
        <TextInput
          label="Town or city"
          className="govuk-!-width-two-thirds"
          autoComplete="address-level2"
          {...address('city')}
        />
        <TextInput label="County (optional)" className="govuk-!-width-two-thirds" {...address('county')} />
        <TextInput
          label="Postcode"
          className="govuk-input--width-10"
          autoComplete="postal-code"
          {...address('postcode')}
        />
      </Fieldset>
      <ClassificationCodesFields codes={draft.codes} onChange={setCodes} errors={errors} />
    </StepForm>
  );
}

/**
 * The classification type and 1–4 codes (SIC 2007 codes are checked against the list): the
 * application's details step and the account's 'Change details'.
 */
export function ClassificationCodesFields({
  codes: value,
  onChange: setCodes,
  errors,
}: {
  codes: ApplicationDraft['codes'];
  onChange: (codes: Partial<ApplicationDraft['codes']>) => void;
  errors: FieldError[];
}) {
  const draft = { codes: value };
  // A SIC code on the list says which activity it is, so a mistyped one shows at once.
  const descriptions = useSicDescriptions();
  const described = (code: string) =>
    draft.codes.type === 'SIC' && descriptions.has(code.trim()) ? descriptions.get(code.trim()) : undefined;
  const setCode = (i: number, code: string) =>
    setCodes({ codes: draft.codes.codes.map((c, j) => (j === i ? code : c)) });
  return (
    <>
      <Radios
        name="codes.type"
        legend="Classification codes"
        legendClassName="govuk-fieldset__legend--m"
        hint="Standard Industrial Classification (SIC) codes, or codes of another classification"
        value={draft.codes.type}
        errorMessage={errorOf(errors, 'codes.type')}
        onChange={(e) => setCodes({ type: e.target.value as ClassificationType })}
        items={classificationTypes.map((t) => ({
          value: t,
          text: classificationTypeLabels[t],
          conditional:
            t === 'OTHER' ? (
              <TextInput
                name="codes.otherTypeName"
                label="Classification name"
                value={draft.codes.otherTypeName}
                errorMessage={errorOf(errors, 'codes.otherTypeName')}
                onChange={(e) => setCodes({ otherTypeName: e.target.value })}
              />
            ) : undefined,
        }))}
      />
      <div id="l.codes.codes" className="govuk-form-group">
        {errorOf(errors, 'codes.codes') ? (
          <p className="govuk-error-message">
            <span className="govuk-visually-hidden">Error:</span> {errorOf(errors, 'codes.codes')}
          </p>
        ) : null}
        {draft.codes.codes.map((code, i) => (
          <div key={i}>
            <TextInput
              name={`codes.codes.${i}`}
              label={`Code ${i + 1}`}
              className="govuk-input--width-10"
              value={code}
              hint={described(code)}
              errorMessage={errorOf(errors, `codes.codes.${i}`)}
              onChange={(e) => setCode(i, e.target.value)}
            />
            {draft.codes.codes.length > 1 ? (
              <button
                type="button"
                className="govuk-button govuk-button--secondary"
                onClick={() => setCodes({ codes: draft.codes.codes.filter((_, j) => j !== i) })}
              >
                Remove<span className="govuk-visually-hidden"> code {i + 1}</span>
              </button>
            ) : null}
          </div>
        ))}
        {draft.codes.codes.length < MAX_CLASSIFICATION_CODES ? (
          <button
            type="button"
            className="govuk-button govuk-button--secondary"
            onClick={() => setCodes({ codes: [...draft.codes.codes, ''] })}
          >
            Add another code
          </button>
        ) : null}
      </div>
    </>
  );
}
