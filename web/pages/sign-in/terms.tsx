// The terms screen (spec sections 2 and 4): accept the latest version, reload the user, go to the root.
import * as v from 'valibot';
import { useLocation } from 'wouter';
import { useState } from 'react';
import { Button, Checkboxes, ErrorSummary } from '../../components/index';
import { FormErrorSummary, field, useGovForm } from '../../forms/index';
import { usePageTitle } from '../../lib/page-title';
import { apiGet, apiPatch } from '../../lib/api';
import { Guard, loggedInGuard } from '../../app/guards';
import { useSession } from '../../stores/session';

export const TERMS_REQUIRED = 'You should accept terms and conditions to proceed';

const schema = v.object({
  accepted: v.pipe(
    v.optional(v.boolean(), false),
    v.check((value) => value === true, TERMS_REQUIRED),
  ),
});

export default function TermsPage() {
  usePageTitle('Terms and conditions');
  return (
    <Guard guards={[loggedInGuard]}>
      <TermsForm />
    </Guard>
  );
}

function TermsForm() {
  const [, navigate] = useLocation();
  const version = useSession((s) => s.termsVersion);
  const [failed, setFailed] = useState(false);
  const form = useGovForm({ schema });
  const submit = form.handleSubmit(async () => {
    setFailed(false);
    // Start-up read the latest terms; without them there is nothing to accept.
    if (version === null) return setFailed(true);
    try {
      await apiPatch('/v1.0/users/terms-and-conditions', { version });
      const user = await apiGet('/v1.0/users');
      useSession.setState({ acceptedTermsVersion: user.termsVersion ?? version });
      navigate('/', { replace: true });
    } catch {
      setFailed(true);
    }
  });
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        <FormErrorSummary form={form} />
        {failed && (
          <ErrorSummary
            errors={[{ path: 'accepted', message: 'Sorry, there is a problem with the service. Try again later.' }]}
          />
        )}
        <h1 className="govuk-heading-l">Terms and conditions</h1>
        <p className="govuk-body">
          These terms and conditions apply to your use of this emissions trading reporting service for operators,
          aircraft operators and verifiers, including Manage your ESOS reporting.
        </p>
        <p className="govuk-body">
          <a className="govuk-link" href="/terms-and-conditions" target="_blank" rel="noreferrer noopener">
            Read the terms and conditions (opens in new tab)
          </a>
        </p>
        <form onSubmit={submit} noValidate>
          <Checkboxes
            items={[{ text: 'I have read, understood and accept the terms and conditions' }]}
            {...field(form, 'accepted')}
          />
          <Button type="submit" pending={form.formState.isSubmitting}>
            Accept and continue
          </Button>
        </form>
      </div>
    </div>
  );
}
