// Step 4: check your answers, with a change link per answer, then submit.
import type { MouseEvent } from 'react';
import { ActionLink, SummaryList } from '../../components';
import { classificationTypeLabels, locationLabels } from '../../../domain/accounts';
import { competentAuthorityLabels } from '../../../domain/authorities';
import type { ApplicationDraft, FieldError } from './draft';
import { StepForm } from './step-form';
import { ClassificationCodes } from '../../lib/sic-codes';

export type Step = 'registered' | 'details' | 'location' | 'check';

export function CheckAnswers({
  draft,
  goTo,
  onSubmit,
  serverErrors,
  pending,
  onCancel,
}: {
  draft: ApplicationDraft;
  goTo: (step: Step) => void;
  onSubmit: () => void;
  serverErrors: FieldError[];
  pending: boolean;
  onCancel: () => void;
}) {
  const change = (step: Step, what: string) => [
    {
      href: '#',
      text: 'Change',
      visuallyHiddenText: what,
      onClick: (e: MouseEvent<HTMLAnchorElement>) => (e.preventDefault(), goTo(step)),
    },
  ];
  const address = [
    draft.address.line1,
    draft.address.line2,
    draft.address.city,
    draft.address.county,
    draft.address.postcode,
  ].filter((p) => p.trim() !== '');
  return (
    <StepForm
      errors={serverErrors}
      submitCount={serverErrors.length}
      onSubmit={onSubmit}
      submitText="Submit"
      pending={pending}
    >
      <h1 className="govuk-heading-l">Check your answers</h1>
      <SummaryList
        rows={[
          {
            key: 'Registered at Companies House',
            value: draft.registered === 'yes' ? 'Yes' : 'No',
            actions: change('registered', 'whether the organisation is registered at Companies House'),
          },
          ...(draft.registered === 'yes'
            ? [
                {
                  key: 'Company Registration Number',
                  value: draft.registrationNumber.toUpperCase(),
                  actions: change('registered', 'registration number'),
                },
              ]
            : []),
          { key: 'Registered name', value: draft.name, actions: change('details', 'registered name') },
          {
            key: 'Registered office address',
            value: address.map((line, i) => (
              <span key={i} className="govuk-!-display-block">
                {line}
              </span>
            )),
            actions: change('details', 'address'),
          },
          {
            key:
              draft.codes.type === 'OTHER'
                ? `Classification codes (${draft.codes.otherTypeName})`
                : `Classification codes (${classificationTypeLabels[draft.codes.type ?? 'SIC']})`,
            value: <ClassificationCodes type={draft.codes.type} codes={draft.codes.codes} />,
            actions: change('details', 'classification codes'),
          },
          {
            key: 'Registered office location',
            value: draft.competentAuthority
              ? `${locationLabels[draft.competentAuthority]} — regulated by ${competentAuthorityLabels[draft.competentAuthority]}`
              : '',
            actions: change('location', 'location'),
          },
        ]}
      />
      <p className="govuk-body">
        <ActionLink onClick={onCancel}>Cancel application</ActionLink>
      </p>
    </StepForm>
  );
}
