// The cancel question and the confirmation after submitting.
import { ActionLink, Button, Panel } from '../../components';

export function CancelQuestion({ onConfirm, onBack }: { onConfirm: () => void; onBack: () => void }) {
  return (
    <>
      <h1 className="govuk-heading-l">Are you sure you want to cancel this account application?</h1>
      <p className="govuk-body">Everything you have entered will be deleted, and this cannot be undone.</p>
      <div className="govuk-button-group">
        <Button variant="warning" onClick={onConfirm}>
          Yes, reset
        </Button>
        <ActionLink onClick={onBack}>Return to the application</ActionLink>
      </div>
    </>
  );
}

export function Submitted({ approved }: { approved: boolean }) {
  if (approved) {
    return (
      <>
        <Panel title="Your application to set up an organisation account has been approved.">
          You are the administrator of the new organisation account.
        </Panel>
        <p className="govuk-body">
          <a className="govuk-link" href="/accounts">
            Go to your accounts
          </a>
        </p>
      </>
    );
  }
  return (
    <>
      <Panel title="We have received your organisation account application." />
      <h2 className="govuk-heading-m">What happens next</h2>
      <p className="govuk-body">
        Your regulator will check your application. We will email you when they have approved or rejected it.
      </p>
      <p className="govuk-body">
        <a className="govuk-link" href="/dashboard">
          Go to your tasks
        </a>
      </p>
    </>
  );
}
