import { Button } from '../../components/index';
import { usePageTitle } from '../../lib/page-title';
import { startSignIn } from '../../lib/auth/tokens';
import { formatMinutes } from '../../app/session-timeout';

/** Seconds of inactivity, from ?idle= (or from the state the identity provider hands back after sign-out). */
function idleSeconds(): number | null {
  const query = new URLSearchParams(location.search);
  const raw = query.get('idle') ?? new URLSearchParams(query.get('state') ?? '').get('idle');
  const n = raw === null ? NaN : Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

export default function TimedOutPage() {
  usePageTitle('Session Timeout');
  const idle = idleSeconds();
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        <h1 className="govuk-heading-l">Your session has timed out</h1>
        <p className="govuk-body">
          {idle !== null
            ? `We have reset your session because you did not do anything for ${formatMinutes(Math.floor(idle / 60))}. We did this to keep your information secure.`
            : 'We have reset your session because it expired. We did this to keep your information secure.'}
        </p>
        <Button type="button" onClick={() => startSignIn()}>
          Sign in again
        </Button>
        <p className="govuk-body">
          <a className="govuk-link" href="https://www.gov.uk">
            Go to the GOV.UK website
          </a>
        </p>
      </div>
    </div>
  );
}
