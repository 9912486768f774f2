// An operator's contact details as sign-up ('Enter your details') and 'Your details' / 'User details'
// ask for them (reference real-service-details §E): name and optional job title, the address
// without a country, and two phone numbers, each a country code chosen from a list (44 by default)
// and the number. The rules are domain/users.ts's operatorUserSchema, the API's own.
import type { ReactNode } from 'react';
import type { Path, UseFormReturn } from 'react-hook-form';
import { ErrorMessage, Fieldset, FormGroup, SummaryList, TextInput, errorAnchorId } from '../../components';
import { field, type GovForm } from '../../forms';
import {
  callingCodeOptions,
  DEFAULT_CALLING_CODE,
  formatPhone,
  phoneOf,
  type PhoneNumber,
} from '../../../domain/phone';
import type { operatorUserSchema, OperatorUserDto, OperatorUserInput } from '../../../domain/users';

export type ContactDetailsForm = GovForm<typeof operatorUserSchema>;

/** The order of the error summary: the fields' order on the page. */
export const contactDetailsFieldOrder = [
  'firstName',
  'lastName',
  'jobTitle',
  'address',
  'address.line1',
  'address.line2',
  'address.city',
  'address.county',
  'address.postcode',
  'phoneNumber',
  'mobileNumber',
] as const;

/** A phone number as the API answers it (the pair, or the stored text of /users) for the form. */
const phoneInput = (value: unknown): { countryCode: string; number: string } => {
  const pair = typeof value === 'string' ? phoneOf(value) : (value as Partial<PhoneNumber> | null | undefined);
  return { countryCode: pair?.countryCode ?? (pair?.number ? '' : DEFAULT_CALLING_CODE), number: pair?.number ?? '' };
};

/** A user's details as the form's starting values; a new user's phone numbers start at 44. */
export function contactDetailsInput(user: {
  firstName?: string | null;
  lastName?: string | null;
  jobTitle?: string | null;
  phoneNumber?: unknown;
  mobileNumber?: unknown;
  address?: Record<string, string | null> | null;
}): OperatorUserInput {
  const a = user.address ?? {};
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    jobTitle: user.jobTitle ?? '',
    phoneNumber: phoneInput(user.phoneNumber),
    mobileNumber: phoneInput(user.mobileNumber),
    address: {
      line1: a.line1 ?? '',
      line2: a.line2 ?? '',
      city: a.city ?? '',
      county: a.county ?? '',
      postcode: a.postcode ?? '',
    },
  };
}

/**
 * A phone number: a group with its legend, the country code select and the number. The rules judge
 * the pair, so a change of either part re-checks it once the form has been sent.
 */
function PhoneNumberInput({
  form,
  name,
  legend,
  autoComplete,
}: {
  form: ContactDetailsForm;
  name: 'phoneNumber' | 'mobileNumber';
  legend: string;
  autoComplete: string;
}) {
  const untyped = form as unknown as UseFormReturn;
  const error = form.errorFor(name) ?? form.errorFor(`${name}.countryCode`) ?? form.errorFor(`${name}.number`);
  const part = (key: 'countryCode' | 'number') => {
    const registered = untyped.register(`${name}.${key}`);
    return {
      ...registered,
      onChange: async (event: { target: unknown; type?: unknown }) => {
        await registered.onChange(event);
        if (form.formState.isSubmitted) await untyped.trigger(name);
      },
    };
  };
  const errorId = error ? `${name}-error` : undefined;
  return (
    <FormGroup id={errorAnchorId(name)} error={!!error}>
      <Fieldset role="group" legend={legend} legendClassName="govuk-fieldset__legend--s" describedBy={errorId}>
        {error ? <ErrorMessage id={errorId}>{error}</ErrorMessage> : null}
        <div className="govuk-form-group govuk-!-margin-bottom-3">
          <label className="govuk-label" htmlFor={`${name}.countryCode`}>
            Country code
          </label>
          <select
            {...part('countryCode')}
            id={`${name}.countryCode`}
            className={`govuk-select${error ? ' govuk-select--error' : ''}`}
            autoComplete="off"
          >
            {callingCodeOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.text}
              </option>
            ))}
          </select>
        </div>
        <div className="govuk-form-group govuk-!-margin-bottom-0">
          <label className="govuk-label" htmlFor={`${name}.number`}>
            Number
          </label>
          <input
            {...part('number')}
            id={`${name}.number`}
            type="tel"
            className={`govuk-input govuk-input--width-20${error ? ' govuk-input--error' : ''}`}
            autoComplete={autoComplete}
            spellCheck={false}
          />
        </div>
      </Fieldset>
    </FormGroup>
  );
}

/** The fields; `own` words them for the person themselves ('Your name'), else for a colleague. */
export function ContactDetailsFields({ form, email, own }: { form: ContactDetailsForm; email: string; own: boolean }) {
  const auto = (value: string) => (own ? value : 'off');
  const input = (path: Path<OperatorUserInput>) => field<typeof operatorUserSchema>(form, path);
  return (
    <>
      <Fieldset legend={own ? 'Your name' : 'Name'} legendClassName="govuk-fieldset__legend--m">
        <TextInput {...input('firstName')} label="First name" autoComplete={auto('given-name')} />
        <TextInput {...input('lastName')} label="Last name" autoComplete={auto('family-name')} />
        <TextInput {...input('jobTitle')} label="Job title (optional)" autoComplete={auto('organization-title')} />
      </Fieldset>
      <SummaryList rows={[{ key: 'Email address', value: email }]} />
      <Fieldset legend={own ? 'Your address' : 'Address'} legendClassName="govuk-fieldset__legend--m">
        <div id={errorAnchorId('address')}>
          {form.errorFor('address') ? <ErrorMessage>{form.errorFor('address')}</ErrorMessage> : null}
        </div>
        <TextInput {...input('address.line1')} label="Address line 1" autoComplete={auto('address-line1')} />
        <TextInput {...input('address.line2')} label="Address line 2 (optional)" autoComplete={auto('address-line2')} />
        <TextInput
          {...input('address.city')}
          label="Town or city"
          autoComplete={auto('address-level2')}
          className="govuk-!-width-two-thirds"
        />
        <TextInput {...input('address.county')} label="County (optional)" className="govuk-!-width-two-thirds" />
        <TextInput
          {...input('address.postcode')}
          label="Postcode"
          autoComplete={auto('postal-code')}
          className="govuk-input--width-10"
        />
      </Fieldset>
      <Fieldset legend={own ? 'Your phone number' : 'Phone number'} legendClassName="govuk-fieldset__legend--m">
        <PhoneNumberInput form={form} name="phoneNumber" legend="Phone number 1" autoComplete={auto('tel-national')} />
        <PhoneNumberInput form={form} name="mobileNumber" legend="Phone number 2 (optional)" autoComplete="off" />
      </Fieldset>
    </>
  );
}

const phoneText = (phone: PhoneNumber | null) => (phone ? formatPhone(phone) : '');

/** The details as 'Check your answers' lists them, each with its Change action. */
export function ContactDetailsSummary({
  details,
  email,
  onChange,
}: {
  details: OperatorUserDto;
  email: string;
  onChange: (path: string) => void;
}) {
  const a = details.address;
  const change = (path: string, what: string) => [
    {
      href: `#${path}`,
      text: 'Change',
      visuallyHiddenText: what,
      onClick: (event: { preventDefault: () => void }) => {
        event.preventDefault();
        onChange(path);
      },
    },
  ];
  const lines = (values: (string | null | undefined)[]): ReactNode =>
    values
      .filter((l): l is string => !!l)
      .map((l, i) => (
        <span key={i} className="govuk-!-display-block">
          {l}
        </span>
      ));
  return (
    <SummaryList
      rows={[
        { key: 'First name', value: details.firstName, actions: change('firstName', 'first name') },
        { key: 'Last name', value: details.lastName, actions: change('lastName', 'last name') },
        { key: 'Job title', value: details.jobTitle ?? '', actions: change('jobTitle', 'job title') },
        { key: 'Email address', value: email },
        {
          key: 'Address',
          value: lines([a.line1, a.line2, a.city, a.county, a.postcode]),
          actions: change('address.line1', 'address'),
        },
        {
          key: 'Phone number 1',
          value: phoneText(details.phoneNumber),
          actions: change('phoneNumber.number', 'phone number 1'),
        },
        {
          key: 'Phone number 2',
          value: phoneText(details.mobileNumber),
          actions: change('mobileNumber.number', 'phone number 2'),
        },
      ]}
    />
  );
}
