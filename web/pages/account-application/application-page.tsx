// The organisation account application wizard (/accounts/new; reference workflows §6.1): registered
// at Companies House and the number (checked against LIVE accounts and the company register, whose
// profile prefills the details), the details, the location, check your answers, submit.
import { useEffect, useMemo, useState } from 'react';
import { BackLink } from '../../components/index';
import { usePageTitle } from '../../lib/page-title';
import { HttpError, apiGet, apiPost, newIdempotencyKey } from '../../lib/api';
import { REGISTRATION_NUMBER_NOT_FOUND, REGISTRATION_NUMBER_TAKEN } from '../../../domain/accounts';
import {
  applicationPayload,
  detailsErrors,
  emptyDraft,
  locationErrors,
  prefill,
  registeredErrors,
  type ApplicationDraft,
  type FieldError,
} from './draft';
import { RegisteredStep } from './registered-step';
import { DetailsStep } from './details-step';
import { LocationStep } from './location-step';
import { CheckAnswers, type Step } from './check-answers';
import { CancelQuestion, Submitted } from './outcome';
import { ACCOUNT_OPENING } from '../../../processes/organisation-account-opening/codes';

const titles: Record<Step | 'cancel' | 'done', string> = {
  registered: 'Is the UK organisation registered at Companies House?',
  details: 'Confirm the organisation details',
  location: 'Where is your registered office located?',
  check: 'Check your answers',
  cancel: 'Cancel the application',
  done: 'Application submitted',
};
const previous: Partial<Record<Step, Step>> = { details: 'registered', location: 'details', check: 'location' };

const messageOf = (err: unknown, fallback: string) =>
  err instanceof HttpError && err.body?.message ? err.body.message : fallback;

export default function AccountsNewPage() {
  const [step, setStep] = useState<Step | 'cancel' | 'done'>('registered');
  const [draft, setDraft] = useState<ApplicationDraft>(emptyDraft);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [submitCount, setSubmitCount] = useState(0);
  const [pending, setPending] = useState(false);
  const [lookedUp, setLookedUp] = useState<string | null>(null);
  const [approved, setApproved] = useState(false);
  // One key per version of the draft: a changed draft is another application.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const attemptKey = useMemo(() => newIdempotencyKey(), [draft]);
  usePageTitle(titles[step]);

  // A verified applicant (on a regulator's uploaded list) starts with their number filled in.
  useEffect(() => {
    apiGet('/v1.0/organisation/account-onboarding/registration-number')
      .then(({ registrationNumber }) => {
        if (registrationNumber) setDraft((d) => (d.registered ? d : { ...d, registered: 'yes', registrationNumber }));
      })
      .catch(() => undefined);
  }, []);

  const change = (partial: Partial<ApplicationDraft>) => {
    const next = { ...draft, ...partial };
    setDraft(next);
    // After a failed attempt, errors follow what is typed (GOV.UK: re-validate on change).
    if (submitCount > 0 && step !== 'check') setErrors(checks(step, next));
  };
  const checks = (s: typeof step, d: ApplicationDraft) =>
    s === 'registered'
      ? registeredErrors(d)
      : s === 'details'
        ? detailsErrors(d)
        : s === 'location'
          ? locationErrors(d)
          : [];
  const goTo = (s: Step | 'cancel' | 'done') => {
    setErrors([]);
    setSubmitCount(0);
    setStep(s);
    window.scrollTo?.(0, 0);
  };
  const fail = (found: FieldError[]) => {
    setErrors(found);
    setSubmitCount((n) => n + 1);
  };

  const continueFromRegistered = async () => {
    const found = registeredErrors(draft);
    if (found.length > 0) return fail(found);
    if (draft.registered === 'no') return goTo('details');
    const crn = draft.registrationNumber.replace(/\s+/g, '').toUpperCase();
    setPending(true);
    try {
      const { exists } = await apiGet('/v1.0/organisation/accounts/registration-number', {
        query: { reg_nbr: crn },
      });
      if (exists) return fail([{ path: 'registrationNumber', message: REGISTRATION_NUMBER_TAKEN }]);
      if (lookedUp !== crn) {
        const company = await apiGet(`/v1.0/company-information/${encodeURIComponent(crn)}`);
        setDraft((d) => prefill(d, company));
        setLookedUp(crn);
      }
      goTo('details');
    } catch (err) {
      fail([
        {
          path: 'registrationNumber',
          message:
            err instanceof HttpError && err.status === 404
              ? REGISTRATION_NUMBER_NOT_FOUND
              : messageOf(err, 'The number could not be checked. Try again later.'),
        },
      ]);
    } finally {
      setPending(false);
    }
  };

  const submit = async () => {
    setPending(true);
    try {
      const result = await apiPost(
        '/v1.0/requests',
        { requestCreateActionType: ACCOUNT_OPENING, requestCreateActionPayload: applicationPayload(draft) },
        // Submitting again after an error (the answer may have been lost) is the same application.
        { headers: { 'idempotency-key': attemptKey } },
      );
      setApproved(result?.requestStatus === 'COMPLETED' || result?.requestStatus === 'APPROVED');
      goTo('done');
    } catch (err) {
      fail([
        {
          path: err instanceof HttpError && err.body?.field ? err.body.field : 'application',
          message: messageOf(err, 'The application could not be submitted. Try again later.'),
        },
      ]);
    } finally {
      setPending(false);
    }
  };

  const back = step !== 'cancel' && step !== 'done' ? previous[step] : undefined;
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        {back ? (
          <BackLink href="#" onClick={(e) => (e.preventDefault(), goTo(back))}>
            Back
          </BackLink>
        ) : null}
        {step === 'registered' ? (
          <RegisteredStep
            draft={draft}
            change={change}
            errors={errors}
            submitCount={submitCount}
            pending={pending}
            onContinue={continueFromRegistered}
          />
        ) : null}
        {step === 'details' ? (
          <DetailsStep
            draft={draft}
            change={change}
            errors={errors}
            submitCount={submitCount}
            onContinue={() => (detailsErrors(draft).length ? fail(detailsErrors(draft)) : goTo('location'))}
          />
        ) : null}
        {step === 'location' ? (
          <LocationStep
            draft={draft}
            change={change}
            errors={errors}
            submitCount={submitCount}
            onContinue={() => (locationErrors(draft).length ? fail(locationErrors(draft)) : goTo('check'))}
          />
        ) : null}
        {step === 'check' ? (
          <CheckAnswers
            draft={draft}
            goTo={goTo}
            onSubmit={submit}
            serverErrors={errors}
            pending={pending}
            onCancel={() => goTo('cancel')}
          />
        ) : null}
        {step === 'cancel' ? (
          <CancelQuestion
            onConfirm={() => {
              setDraft(emptyDraft);
              setLookedUp(null);
              goTo('registered');
            }}
            onBack={() => goTo('check')}
          />
        ) : null}
        {step === 'done' ? <Submitted approved={approved} /> : null}
      </div>
    </div>
  );
}
