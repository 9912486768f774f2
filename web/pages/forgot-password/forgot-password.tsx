// /forgot-password (spec §2): asks for the e-mail of a sign-in and has a link to set a new password
// sent to it (POST /users/forgot-password/reset-password-email), the same rules and limits as the
// identity provider's own page. The answer never says whether the address has a sign-in.
import { useState } from 'react';
import { Link } from 'wouter';
import { forgotPasswordSchema, LINK_SENT } from '../../../domain/users';
import { Button } from '../../components/button';
import { TextInput } from '../../components/text-input';
import { field, FormErrorSummary, useGovForm } from '../../forms/index';
import { apiPost, HttpError } from '../../lib/api';
import { useFocusMainContentWhen } from '../../lib/focus';
import { usePageTitle } from '../../lib/page-title';
import { useAnyRequestPending } from '../../lib/pending';

export default function ForgotPasswordPage() {
  const [sent, setSent] = useState(false);
  usePageTitle(sent ? 'Check your email' : 'Reset your password');
  const pending = useAnyRequestPending();
  const form = useGovForm({ schema: forgotPasswordSchema, defaultValues: { email: '' } });

  const onSubmit = async (body: { email: string }) => {
    try {
      await apiPost('/v1.0/users/forgot-password/reset-password-email', body);
    } catch (error) {
      // Past the e-mail limits (429), or an address the API refuses: its message, on the field.
      if (error instanceof HttpError && error.status < 500) {
        form.setError('email', { message: error.fieldMessage });
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
            <h1 className="govuk-heading-l">Check your email</h1>
            <p className="govuk-body">{LINK_SENT}.</p>
            <p className="govuk-body">The link works once and expires soon.</p>
          </>
        ) : (
          <>
            <FormErrorSummary form={form} />
            <h1 className="govuk-heading-l">Reset your password</h1>
            <p className="govuk-body">
              Enter the email address of your sign-in. We will send you a link to create a new password.
            </p>
            <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
              <TextInput
                {...field(form, 'email')}
                label="Email address"
                type="email"
                autoComplete="email"
                spellCheck={false}
              />
              <Button pending={pending}>Send link</Button>
            </form>
          </>
        )}
        <p className="govuk-body">
          <Link className="govuk-link" href="/start-login">
            Sign in
          </Link>
        </p>
      </div>
    </div>
  );
}
