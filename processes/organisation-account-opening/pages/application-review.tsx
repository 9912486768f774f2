// The review of an account application (reference: workflows §6.3; the account opening's task page
// 'application-review'): the regulator checks the application, may amend name, address and codes
// (SAVE, the wizard's details step), and approves or rejects it with a reason (TRANSITION).
import { useState, type MouseEvent } from 'react';
import { ClassificationCodes } from '../../../web/lib/sic-codes';
import * as v from 'valibot';
import {
  BackLink,
  Button,
  InsetText,
  Radios,
  SummaryList,
  Textarea,
  type SummaryListRow,
} from '../../../web/components';
import { field, FormErrorSummary, useGovForm, type FormInput, type GovForm } from '../../../web/forms';
import { useAnyRequestPending } from '../../../web/lib/pending';
import {
  DECISION_REASON_MAX_LENGTH,
  applicationDecisionSchema,
  classificationTypeLabels,
  locationLabels,
  organisationDetailsSchema,
  type ApplicationDecisionPayload,
  type ClassificationType,
} from '../../../domain/accounts';
import { competentAuthorityLabels, type CompetentAuthority } from '../../../domain/authorities';
import { DetailsStep } from '../../../web/pages/account-application/details-step';
import {
  detailsErrors,
  emptyDraft,
  type ApplicationDraft,
  type FieldError,
} from '../../../web/pages/account-application/draft';
import {
  AtTop,
  actionErrors,
  formActions,
  saveTask,
  transition,
  type TaskFormProps,
  TaskOutcome,
} from '../../../web/pages/task/task-page';
import type { TaskView } from '../../../web/pages/task/task-view';

interface AccountDetails {
  name: string;
  address: { line1: string; line2?: string | null; city: string; county?: string | null; postcode: string };
  codes: { type: ClassificationType; otherTypeName?: string | null; codes: string[] };
}

/** The task payload (the application as submitted, and the regulator's amendment once saved). */
interface ReviewPayload {
  account: AccountDetails & { registrationNumber: string | null; competentAuthority: CompetentAuthority };
  participantDetails: {
    firstName: string;
    lastName: string;
    email: string;
    jobTitle?: string | null;
    phoneNumber?: string | null;
  };
  amendedAccount?: AccountDetails;
}

type DecisionInput = FormInput<typeof applicationDecisionSchema>;

// What the regulator has chosen and typed, kept while the details are being amended (the review
// form leaves the page meanwhile).
const DECISION_DRAFT = 'review-application.decision';

export function ReviewApplication({ view, reload, show, errorSummarySlot, memory }: TaskFormProps) {
  const payload = view.requestTask.payload as unknown as ReviewPayload;
  const details = payload.amendedAccount ?? payload.account;
  const actions = formActions(view);
  const canAmend = view.allowedRequestTaskActions.includes(actions.amend!);
  const canDecide = view.allowedRequestTaskActions.includes(actions.decide!);
  const form = useGovForm({
    schema: applicationDecisionSchema,
    defaultValues: (memory.get(DECISION_DRAFT) as DecisionInput | undefined) ?? { reason: '' },
  });
  const pending = useAnyRequestPending();
  // Without the application in the payload there is nothing to review (rather than a broken page).
  if (!payload.account || !payload.participantDetails) return null;

  const change = (what: string) =>
    canAmend
      ? [
          {
            href: '#',
            text: 'Change',
            visuallyHiddenText: what,
            onClick: (e: MouseEvent<HTMLAnchorElement>) => {
              e.preventDefault();
              memory.set(DECISION_DRAFT, form.getValues());
              show({
                title: 'Confirm the organisation details',
                content: <AmendDetails view={view} details={details} reload={reload} show={show} />,
              });
            },
          },
        ]
      : undefined;

  const decide = async (decision: ApplicationDecisionPayload) => {
    try {
      await transition(view, actions.decide!, decision);
    } catch (err) {
      for (const e of actionErrors(err, (p) => (p === 'decision' || p === 'reason' ? p : null))) {
        form.setError(e.path === 'reason' ? 'reason' : 'decision', { message: e.message });
      }
      return;
    }
    const title =
      decision.decision === 'APPROVED'
        ? 'You have approved the organisation account application'
        : 'You have rejected the organisation account application';
    show({ title, content: <Decided title={title} /> });
  };

  const Heading = canDecide ? 'h3' : 'h2';
  const headingClass = canDecide ? 'govuk-heading-s' : 'govuk-heading-m';
  return (
    <>
      {canDecide ? (
        <>
          <AtTop slot={errorSummarySlot}>
            <FormErrorSummary form={form} />
          </AtTop>
          <h2 className="govuk-heading-m">Approve or reject this account application</h2>
          <p className="govuk-body">Use your judgement to make minor changes within the details if needed</p>
        </>
      ) : null}
      <Heading className={headingClass}>Organisation details</Heading>
      {payload.amendedAccount ? (
        <InsetText>The name, address or codes have been amended since the application was submitted.</InsetText>
      ) : null}
      <SummaryList rows={organisationRows(payload, details, change)} />
      <Heading className={headingClass}>Applicant&apos;s details</Heading>
      <SummaryList rows={applicantRows(payload)} />
      {canDecide ? (
        <form noValidate onSubmit={form.handleSubmit(decide)}>
          <Radios
            {...field(form, 'decision')}
            legend="Your decision"
            legendClassName="govuk-fieldset__legend--m"
            items={[
              {
                value: 'APPROVED',
                text: 'Approve',
                conditional: <ReasonField form={form} label="Reason for acceptance" />,
              },
              {
                value: 'REJECTED',
                text: 'Reject',
                conditional: <ReasonField form={form} label="Reason for rejection" />,
              },
            ]}
          />
          <Button pending={pending}>Confirm decision</Button>
        </form>
      ) : null}
    </>
  );
}

/** One reason field: only the chosen decision's is on the page at a time. */
function ReasonField({ form, label }: { form: GovForm<typeof applicationDecisionSchema>; label: string }) {
  return <Textarea {...field(form, 'reason')} label={label} maxLength={DECISION_REASON_MAX_LENGTH} />;
}

function addressLines(address: AccountDetails['address']) {
  return [address.line1, address.line2, address.city, address.county, address.postcode].filter(
    (l): l is string => !!l && l.trim() !== '',
  );
}

function organisationRows(
  payload: ReviewPayload,
  details: AccountDetails,
  change: (what: string) => SummaryListRow['actions'],
): SummaryListRow[] {
  const { registrationNumber, competentAuthority } = payload.account;
  return [
    { key: 'Registered name', value: details.name, actions: change('registered name') },
    { key: 'Company Registration Number', value: registrationNumber ?? 'Not registered at Companies House' },
    {
      key: 'Registered office address',
      value: addressLines(details.address).map((line, i) => (
        <span key={i} className="govuk-!-display-block">
          {line}
        </span>
      )),
      actions: change('registered office address'),
    },
    {
      key: `Classification codes (${details.codes.type === 'OTHER' ? details.codes.otherTypeName : classificationTypeLabels[details.codes.type]})`,
      value: <ClassificationCodes type={details.codes.type} codes={details.codes.codes} />,
      actions: change('classification codes'),
    },
    {
      key: 'Registered office location',
      value: locationLabels[competentAuthority]
        ? `${locationLabels[competentAuthority]} — regulated by ${competentAuthorityLabels[competentAuthority]}`
        : competentAuthority,
    },
  ];
}

function applicantRows({ participantDetails: p }: ReviewPayload): SummaryListRow[] {
  return [
    { key: 'Name', value: [p.firstName, p.lastName].filter(Boolean).join(' ') },
    { key: 'Email address', value: p.email },
    { key: 'Job title', value: p.jobTitle || 'Not given' },
    { key: 'Phone number', value: p.phoneNumber || 'Not given' },
  ];
}

function toDraft(d: AccountDetails): ApplicationDraft {
  return {
    ...emptyDraft,
    name: d.name,
    address: {
      line1: d.address.line1,
      line2: d.address.line2 ?? '',
      city: d.address.city,
      county: d.address.county ?? '',
      postcode: d.address.postcode ?? '',
    },
    codes: {
      type: d.codes.type,
      otherTypeName: d.codes.otherTypeName ?? '',
      codes: d.codes.codes.length ? [...d.codes.codes] : [''],
    },
  };
}

/** The wizard's details step, saving the amendment (registration number and location are not amendable). */
function AmendDetails({
  view,
  details,
  reload,
  show,
}: { view: TaskView; details: AccountDetails } & Pick<TaskFormProps, 'reload' | 'show'>) {
  const [draft, setDraft] = useState(() => toDraft(details));
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [submitCount, setSubmitCount] = useState(0);
  const onContinue = async () => {
    setSubmitCount((n) => n + 1);
    const found = detailsErrors(draft);
    if (found.length) return setErrors(found);
    const amendedAccount = v.parse(organisationDetailsSchema, {
      name: draft.name,
      address: draft.address,
      codes: { ...draft.codes, type: draft.codes.type ?? undefined },
    });
    try {
      await saveTask(view, formActions(view).amend!, { amendedAccount });
    } catch (err) {
      const prefix = 'amendedAccount.';
      setErrors(
        actionErrors(err, (p) => (p.startsWith(prefix) ? p.slice(prefix.length) : null)).map((e) => ({
          path: e.path || 'name',
          message: e.message,
        })),
      );
      return;
    }
    await reload();
    show(null);
  };
  return (
    <>
      <BackLink onClick={(e) => (e.preventDefault(), show(null))}>Back</BackLink>
      <DetailsStep
        draft={draft}
        change={(d) => setDraft((x) => ({ ...x, ...d }))}
        errors={errors}
        submitCount={submitCount}
        onContinue={() => void onContinue()}
      />
    </>
  );
}

function Decided({ title }: { title: string }) {
  return <TaskOutcome title={title} panel="An email will be sent to the relevant user with your decision" />;
}

export default ReviewApplication;
