// Sign-up's second half (reference real-service-details §E "Operator registration"), where the landing
// guard sends an operator who has not given their details yet: 'Enter your details' (name, optional
// job title, the sign-in's e-mail read-only, address, two phone numbers), then 'Check your answers',
// then Submit (POST /operator-users/registration/register) and 'You've successfully created a user
// account'. Before the sign-in's e-mail address is confirmed, it says to confirm it first.
import { useEffect, useState } from 'react';
import { Redirect } from 'wouter';
import { Button, Panel } from '../../components';
import { FormErrorSummary, useGovForm } from '../../forms';
import { apiGet, apiPost, HttpError } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { getUiConfiguration } from '../../lib/ui-configuration';
import { useAnyRequestPending } from '../../lib/pending';
import { useFocusMainContentWhen } from '../../lib/focus';
import { Guard, loggedInGuard } from '../../app/guards';
import { loadSignedInUser } from '../../app/startup';
import { useSession } from '../../stores/session';
import { operatorUserSchema, type OperatorUserDto } from '../../../domain/users';
import { signInProvider } from '../../../domain/sign-in-provider';
import {
  contactDetailsFieldOrder,
  contactDetailsInput,
  ContactDetailsFields,
  ContactDetailsSummary,
} from '../user-details/contact-details-fields';

const CAPTION = 'Create user account';

function ConfirmEmail() {
  usePageTitle('Complete your registration');
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        <h1 className="govuk-heading-l">Complete your registration</h1>
        <p className="govuk-body">
          Before you can use the service, confirm your email address with the link we sent you.
        </p>
        <p className="govuk-body">
          If you cannot find the email,{' '}
          <a className="govuk-link" href="/auth/register">
            create your sign-in again
          </a>{' '}
          and we will send a new link.
        </p>
      </div>
    </div>
  );
}

/** The panel after Submit; an invited user waits to be activated, anyone else applies for an account. */
function Created({ invited }: { invited: boolean }) {
  usePageTitle('You’ve successfully created a user account');
  const oneLogin = signInProvider(getUiConfiguration()?.oidc?.issuer, location.origin).kind === 'ONE_LOGIN';
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        <Panel title="You've successfully created a user account" />
        <p className="govuk-body">
          {oneLogin
            ? 'Your GOV.UK One Login is now linked to your ESOS user account.'
            : 'Your sign-in is now linked to your ESOS user account.'}
        </p>
        <p className="govuk-body">We've sent you an email to confirm that your user account has been created.</p>
        <h2 className="govuk-heading-m">What happens next</h2>
        <p className="govuk-body">
          {invited
            ? 'Your user account must be activated by an Advanced user of the organisation account that invited you.'
            : 'You can now apply to create a new organisation account so you can start your ESOS reporting.'}
        </p>
        <Button href="/landing">Continue</Button>
      </div>
    </div>
  );
}

function EnterDetails({ onCreated }: { onCreated: () => void }) {
  const email = useSession((s) => s.user?.email ?? s.profile?.email ?? '');
  const [step, setStep] = useState<'details' | 'check'>('details');
  const [answers, setAnswers] = useState<OperatorUserDto | null>(null);
  useFocusMainContentWhen(step === 'check');
  const pending = useAnyRequestPending();
  const form = useGovForm({ schema: operatorUserSchema, fieldOrder: contactDetailsFieldOrder });
  const { reset, setFocus } = form;
  const [focusOn, setFocusOn] = useState<string | null>(null);
  // The form shows once it holds what is known, so nothing typed is overwritten.
  const [loaded, setLoaded] = useState(false);
  usePageTitle(step === 'check' ? 'Check your answers' : 'Enter your details');

  // What the sign-in already knows (the names given when creating it) starts the form.
  useEffect(() => {
    let live = true;
    const start = (user: Parameters<typeof contactDetailsInput>[0]) => {
      if (!live) return;
      reset(contactDetailsInput(user));
      setLoaded(true);
    };
    void apiGet<Parameters<typeof contactDetailsInput>[0]>('/v1.0/users')
      .then(start)
      .catch(() => start({}));
    return () => {
      live = false;
    };
  }, [reset]);

  // A Change link of 'Check your answers' lands on its field.
  useEffect(() => {
    if (step !== 'details' || !focusOn) return;
    setFocus(focusOn as never);
    setFocusOn(null);
  }, [step, focusOn, setFocus]);

  const submit = async () => {
    if (!answers) return;
    try {
      await apiPost('/v1.0/operator-users/registration/register', answers);
    } catch (err) {
      if (!(err instanceof HttpError) || err.status >= 500) throw err;
      // Registered a moment ago (another tab): the account is there. Any other refusal is shown
      // on its field of 'Enter your details'.
      if (err.body?.code !== 'USER1001') {
        setStep('details');
        form.setError((err.body?.field ?? 'firstName') as never, { message: err.message.replace(/^[\w.]+: /, '') });
        return;
      }
    }
    onCreated();
  };

  if (step === 'check' && answers)
    return (
      <div className="govuk-grid-row">
        <div className="govuk-grid-column-two-thirds">
          <span className="govuk-caption-xl">{CAPTION}</span>
          <h1 className="govuk-heading-xl">Check your answers</h1>
          <ContactDetailsSummary
            details={answers}
            email={email}
            onChange={(path) => {
              setFocusOn(path);
              setStep('details');
            }}
          />
          <Button pending={pending} onClick={() => void submit()}>
            Submit
          </Button>
        </div>
      </div>
    );
  if (!loaded)
    return (
      <p className="govuk-body" role="status">
        Loading…
      </p>
    );
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        <FormErrorSummary form={form} />
        <span className="govuk-caption-l">{CAPTION}</span>
        <h1 className="govuk-heading-l">Enter your details</h1>
        <form
          noValidate
          onSubmit={form.handleSubmit((dto) => {
            setAnswers(dto);
            setStep('check');
          })}
        >
          <ContactDetailsFields form={form} email={email} own />
          <Button>Continue</Button>
        </form>
      </div>
    </div>
  );
}

function RegistrationStep() {
  const profile = useSession((s) => s.profile);
  const roleType = useSession((s) => s.userState?.roleType);
  // Once created the user is registered: the panel stays until they continue.
  const [created, setCreated] = useState<{ invited: boolean } | null>(null);
  useFocusMainContentWhen(created);
  if (created) return <Created invited={created.invited} />;
  if (profile && !profile.emailConfirmed) return <ConfirmEmail />;
  // Registered already, or not an operator (regulators and verifiers register on their invitation).
  if (profile?.status === 'REGISTERED' || (roleType && roleType !== 'OPERATOR')) return <Redirect to="/landing" />;
  return (
    <EnterDetails
      onCreated={() => {
        // Whether they were invited is known before: their authority was ACCEPTED with the invitation.
        setCreated({ invited: useSession.getState().userState?.status === 'ACCEPTED' });
        void loadSignedInUser().catch(() => undefined);
      }}
    />
  );
}

export default function RegistrationRegisterPage() {
  return (
    <Guard guards={[loggedInGuard]}>
      <RegistrationStep />
    </Guard>
  );
}
