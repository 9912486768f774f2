// /forgot-password/reset-password?token=… — the page of the e-mailed password link: checks the link
// (POST /users/forgot-password/token-verification), then sets the new password
// (POST /users/forgot-password/reset-password), whose rules (length, strength, confirmation) the
// API applies and names per field. A used or expired link says so and offers a new one.
import { useEffect, useState } from 'react';
import * as v from 'valibot';
import { Link } from 'wouter';
import { Button } from '../../components/button';
import { Panel } from '../../components/panel';
import { TextInput } from '../../components/text-input';
import { field, FormErrorSummary, useGovForm } from '../../forms/index';
import { PASSWORD_MIN_LENGTH } from '../../../domain/passwords';
import { apiPost, HttpError } from '../../lib/api';
import { useFocusMainContentWhen } from '../../lib/focus';
import { usePageTitle } from '../../lib/page-title';
import { useAnyRequestPending } from '../../lib/pending';

const newPasswordSchema = v.object({
  password: v.pipe(v.string(), v.nonEmpty('Enter a password')),
  confirmPassword: v.pipe(v.string(), v.nonEmpty('Confirm your new password')),
});
type NewPassword = v.InferOutput<typeof newPasswordSchema>;

type State = 'checking' | 'form' | 'invalid' | 'done';

const titles: Record<State, string> = {
  checking: 'Create a new password',
  form: 'Create a new password',
  invalid: 'This link is not valid',
  done: 'Your password has been changed',
};

/** A refusal of the link itself (unknown, used or expired), rather than of the password. */
const linkRefused = (error: unknown) =>
  error instanceof HttpError && (error.body?.code === 'TOKEN1001' || error.body?.code === 'EMAIL1001');

export default function ResetPasswordPage() {
  const token = new URLSearchParams(location.search).get('token') ?? '';
  const [state, setState] = useState<State>('checking');
  usePageTitle(titles[state]);
  const pending = useAnyRequestPending();
  const form = useGovForm({ schema: newPasswordSchema, defaultValues: { password: '', confirmPassword: '' } });

  useEffect(() => {
    if (!token) return setState('invalid');
    apiPost('/v1.0/users/forgot-password/token-verification', { token }).then(
      () => setState('form'),
      () => setState('invalid'),
    );
  }, [token]);

  const onSubmit = async (body: NewPassword) => {
    try {
      await apiPost('/v1.0/users/forgot-password/reset-password', { token, ...body });
    } catch (error) {
      if (linkRefused(error)) return setState('invalid');
      if (!(error instanceof HttpError) || error.status >= 500) throw error;
      const fields = (error.body as { fields?: { field: string; message: string }[] } | null)?.fields ?? [];
      for (const f of fields.length ? fields : [{ field: 'password', message: error.message }]) {
        form.setError(f.field === 'confirmPassword' ? 'confirmPassword' : 'password', { message: f.message });
      }
      return;
    }
    setState('done');
  };

  useFocusMainContentWhen(state === 'done' || state === 'invalid');

  const signIn = (
    <p className="govuk-body">
      <Link className="govuk-link" href="/start-login">
        Sign in
      </Link>
    </p>
  );
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        {state === 'checking' && (
          <p className="govuk-body" role="status">
            Checking your link…
          </p>
        )}
        {state === 'invalid' && (
          <>
            <h1 className="govuk-heading-l">This link is not valid</h1>
            <p className="govuk-body">The link has expired or has already been used.</p>
            <p className="govuk-body">
              <Link className="govuk-link" href="/forgot-password">
                Ask for a new password link
              </Link>
            </p>
            {signIn}
          </>
        )}
        {state === 'done' && (
          <>
            <Panel title="Your password has been changed" />
            {signIn}
          </>
        )}
        {state === 'form' && (
          <>
            <FormErrorSummary form={form} />
            <h1 className="govuk-heading-l">Create a new password</h1>
            <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
              <TextInput
                {...field(form, 'password')}
                label="New password"
                type="password"
                autoComplete="new-password"
                hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
              />
              <TextInput
                {...field(form, 'confirmPassword')}
                label="Confirm your new password"
                type="password"
                autoComplete="new-password"
              />
              <Button pending={pending}>Change password</Button>
            </form>
          </>
        )}
      </div>
    </div>
  );
}
