// A signed-in user who wants a new authenticator app proves the one they have (a code from it) and
// is e-mailed a single-use link (POST /users/security-setup/2fa/request-change). The link's page
// (reset-2fa.tsx) removes the app and ends their sign-ins; they set up the new one at next sign-in.
import { useState } from 'react';
import { Link } from 'wouter';
import { oneTimePasswordSchema } from '../../../domain/users';
import { Button } from '../../components/button';
import { Panel } from '../../components/panel';
import { TextInput } from '../../components/text-input';
import { field, FormErrorSummary, useGovForm } from '../../forms/index';
import { apiPost, HttpError } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { useAnyRequestPending } from '../../lib/pending';
import { useFocusMainContentWhen } from '../../lib/focus';

export const CHANGE_2FA_TITLE = 'Change your authenticator app';

export default function Change2faPage() {
  usePageTitle(CHANGE_2FA_TITLE);
  const [sent, setSent] = useState(false);
  const pending = useAnyRequestPending();
  const form = useGovForm({ schema: oneTimePasswordSchema, defaultValues: { password: '' } });

  const onSubmit = async (body: { password: string }) => {
    try {
      await apiPost('/v1.0/users/security-setup/2fa/request-change', body);
    } catch (error) {
      // A wrong or used code, or too many tries: the API's message, on the code field.
      if (error instanceof HttpError && (error.status === 400 || error.status === 429)) {
        form.setError('password', { message: error.body?.message ?? 'The code is not valid' });
        return;
      }
      throw error;
    }
    setSent(true);
  };

  useFocusMainContentWhen(sent);

  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        {sent ? (
          <>
            <Panel title="Check your email" />
            <p className="govuk-body">
              We have sent you an email with a link to change your authenticator app. The link can be used once.
            </p>
            <p className="govuk-body">
              When you open it, your current app stops working and you are signed out. You will set up the new app when
              you next sign in.
            </p>
            <p className="govuk-body">
              <Link className="govuk-link" href="/landing">
                Return to the service
              </Link>
            </p>
          </>
        ) : (
          <>
            <FormErrorSummary form={form} />
            <h1 className="govuk-heading-l">{CHANGE_2FA_TITLE}</h1>
            <p className="govuk-body">
              To change the app you use for one-time codes, first show that you have the current one.
            </p>
            <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
              <TextInput
                {...field(form, 'password')}
                label="Enter the 6-digit code from your authenticator app"
                className="govuk-input--width-5"
                inputMode="numeric"
                autoComplete="one-time-code"
                spellCheck={false}
              />
              <Button pending={pending}>Continue</Button>
            </form>
            <p className="govuk-body">
              If you no longer have your app, ask your organisation's administrator or your regulator to reset it for
              you.
            </p>
          </>
        )}
      </div>
    </div>
  );
}
