// The account's details; administrators (and reviewing regulators) of a LIVE account may change
// name, address and classification (activity) codes, SIC 2007 codes checked against the list.
import { useState, type FormEvent } from 'react';
import { ClassificationCodes } from '../../lib/sic-codes';
import { ActionLink, Button, ErrorSummary, SummaryList, TextInput } from '../../components';
import { HttpError, apiPost } from '../../lib/api';
import { competentAuthorityLabels } from '../../../domain/authorities';
import { accountStatusLabels, classificationTypeLabels, type OrganisationAccountDto } from '../../../domain/accounts';
import { detailsErrors, emptyDraft, type ApplicationDraft, type FieldError } from '../account-application/draft';
import { errorOf } from '../account-application/step-form';
import { ClassificationCodesFields } from '../account-application/details-step';

function toDraft(a: OrganisationAccountDto): ApplicationDraft {
  return {
    ...emptyDraft,
    name: a.name,
    address: {
      line1: a.address.line1,
      line2: a.address.line2 ?? '',
      city: a.address.city,
      county: a.address.county ?? '',
      postcode: a.address.postcode ?? '',
    },
    codes: {
      type: a.codes.type,
      otherTypeName: a.codes.otherTypeName ?? '',
      codes: a.codes.codes.length ? a.codes.codes : [''],
    },
  };
}

function EditForm({
  account,
  onSaved,
  onCancel,
}: {
  account: OrganisationAccountDto;
  onSaved: (a: OrganisationAccountDto) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(() => toDraft(account));
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [attempts, setAttempts] = useState(0);
  const field = (path: 'name' | `address.${keyof ApplicationDraft['address']}`, label: string) => ({
    name: path,
    label,
    value: path === 'name' ? draft.name : draft.address[path.slice(8) as keyof ApplicationDraft['address']],
    errorMessage: errorOf(errors, path),
    onChange: (e: { target: { value: string } }) =>
      setDraft((d) =>
        path === 'name'
          ? { ...d, name: e.target.value }
          : { ...d, address: { ...d.address, [path.slice(8)]: e.target.value } },
      ),
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = detailsErrors(draft);
    setAttempts((n) => n + 1);
    if (found.length) return setErrors(found);
    try {
      onSaved(
        await apiPost(`/v1.0/organisation/accounts/${account.id}`, {
          name: draft.name,
          address: draft.address,
          codes: { ...draft.codes, codes: draft.codes.codes.filter((c) => c.trim()) },
        }),
      );
    } catch (err) {
      setErrors([
        {
          path: err instanceof HttpError && err.body?.field ? err.body.field : 'name',
          message: err instanceof Error ? err.message : 'The details could not be saved',
        },
      ]);
    }
  };
  return (
    <form noValidate onSubmit={submit}>
      <ErrorSummary errors={errors} focusKey={attempts} />
      <TextInput {...field('name', 'Registered name')} />
      <TextInput {...field('address.line1', 'Address line 1')} />
      <TextInput {...field('address.line2', 'Address line 2 (optional)')} />
      <TextInput {...field('address.city', 'Town or city')} />
      <TextInput {...field('address.county', 'County (optional)')} />
      <TextInput {...field('address.postcode', 'Postcode')} className="govuk-input--width-10" />
      <ClassificationCodesFields
        codes={draft.codes}
        onChange={(codes) => setDraft((d) => ({ ...d, codes: { ...d.codes, ...codes } }))}
        errors={errors}
      />
      <div className="govuk-button-group">
        <Button type="submit">Save</Button>
        <ActionLink onClick={onCancel}>Cancel</ActionLink>
      </div>
    </form>
  );
}

export function DetailsTab({
  account,
  onChange,
}: {
  account: OrganisationAccountDto;
  onChange: (a: OrganisationAccountDto) => void;
}) {
  const [editing, setEditing] = useState(false);
  if (editing)
    return (
      <EditForm
        account={account}
        onSaved={(a) => (onChange(a), setEditing(false))}
        onCancel={() => setEditing(false)}
      />
    );
  const address = [
    account.address.line1,
    account.address.line2,
    account.address.city,
    account.address.county,
    account.address.postcode,
  ].filter(Boolean);
  return (
    <>
      <h2 className="govuk-heading-m">Details</h2>
      <SummaryList
        rows={[
          { key: 'Organisation ID', value: account.organisationId },
          { key: 'Registered name', value: account.name },
          {
            key: 'Company Registration Number',
            value: account.registrationNumber ?? 'Not registered at Companies House',
          },
          {
            key: 'Registered office address',
            value: address.map((l, i) => (
              <span key={i} className="govuk-!-display-block">
                {l}
              </span>
            )),
          },
          {
            key: `Classification codes (${account.codes.type === 'OTHER' ? account.codes.otherTypeName : classificationTypeLabels[account.codes.type]})`,
            value: <ClassificationCodes type={account.codes.type} codes={account.codes.codes} empty="–" />,
          },
          { key: 'Regulator', value: competentAuthorityLabels[account.competentAuthority] },
          { key: 'Status', value: accountStatusLabels[account.status] },
        ]}
      />
      {account.editable ? (
        <Button variant="secondary" onClick={() => setEditing(true)}>
          Change details
        </Button>
      ) : null}
    </>
  );
}
