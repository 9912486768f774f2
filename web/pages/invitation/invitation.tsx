// Where an invitation e-mail's link lands (/invitation for an organisation account, also
// /invitation/regulator and /invitation/verifier). The token is checked with the (no auth)
// resolve-email call, then the invitation is accepted with the (no auth) accept call of its kind;
// holding the token proves the invitee's mailbox, and the API finds the invitee by e-mail. Someone
// without a sign-in is sent to create one with their address filled in, then comes back; once
// accepted they must wait for an administrator to activate them (spec §4, ACCEPTED).
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { Button, ErrorSummary, Panel } from '../../components/index';
import { apiPost, apiPut, HttpError } from '../../lib/api';
import { signOut } from '../../lib/auth/tokens';
import { setFormErrors, usePageTitle } from '../../lib/page-title';
import { getUiConfiguration } from '../../lib/ui-configuration';
import { loadSignedInUser } from '../../app/startup';
import { useStartup } from '../../app/guards';
import { useSession } from '../../stores/session';

export type InvitationKind = 'operator' | 'regulator' | 'verifier';

export const ACTIVATION_NEEDED = 'Your administrator must activate your account before you can use it.';

/** What accepting answered: accepted (with the account's name when known), or a sign-in is needed first. */
type Acceptance = { accepted: true; scopeName?: string } | { accepted: false };

interface KindDef {
  type: 'OPERATOR_INVITATION' | 'REGULATOR_INVITATION' | 'VERIFIER_INVITATION';
  path: string;
  accept: (token: string, retry: boolean) => Promise<Acceptance>;
}

const noAuth = { auth: false } as const;

const kinds: Record<InvitationKind, KindDef> = {
  operator: {
    type: 'OPERATOR_INVITATION',
    path: '/invitation',
    accept: async (token) => {
      const { accountName } = await apiPost('/v1.0/operator-users/registration/accept-invitation', { token }, noAuth);
      return { accepted: true, scopeName: accountName };
    },
  },
  regulator: {
    type: 'REGULATOR_INVITATION',
    path: '/invitation/regulator',
    accept: async (token) => {
      await apiPost('/v1.0/regulator-users/registration/accept-invitation-and-register', { token }, noAuth);
      return { accepted: true };
    },
  },
  verifier: {
    type: 'VERIFIER_INVITATION',
    path: '/invitation/verifier',
    // The first call says whether a sign-in is needed; once the invitee has one, they enable it.
    accept: async (token, retry) => {
      if (retry) {
        await apiPut('/v1.0/verifier-users/registration/enable-from-invitation', { invitationToken: token }, noAuth);
        return { accepted: true };
      }
      const answer = await apiPost('/v1.0/verifier-users/registration/accept-invitation', { token }, noAuth);
      return answer.invitationStatus === 'ACCEPTED' ? { accepted: true } : { accepted: false };
    },
  },
};

type View =
  | { name: 'checking' }
  | { name: 'invalid' }
  | { name: 'expired' }
  | { name: 'refused'; message: string }
  | { name: 'someone-else'; email: string; signedInAs: string }
  | {
      name: 'needs-sign-in';
      email: string;
      /** Tries of 'Accept the invitation' that still found no sign-in. */ missed: number;
    }
  | { name: 'accepted'; email: string; scopeName?: string };

const codeOf = (err: unknown) => (err instanceof HttpError ? err.body?.code : undefined);

/** The view for an error of the token or accept calls; other failures (network) are the app's to handle. */
function errorView(err: unknown): View {
  if (!(err instanceof HttpError)) throw err;
  const code = codeOf(err);
  if (code === 'EMAIL1001') return { name: 'expired' };
  if (code === 'TOKEN1001' || code === 'VALIDATION_ERROR' || code === 'REQUIRED_PARAMETER') return { name: 'invalid' };
  return { name: 'refused', message: err.body?.message ?? 'Sorry, there is a problem with the service' };
}

const titles: Record<View['name'], string> = {
  checking: 'Accept your invitation',
  invalid: 'This invitation link is not valid',
  expired: 'This invitation link has expired',
  refused: 'We could not accept your invitation',
  'someone-else': 'This invitation is for someone else',
  'needs-sign-in': 'Create a sign-in to accept your invitation',
  accepted: 'You have accepted the invitation',
};

/** The embedded identity provider has a create-a-sign-in page; another provider has its own way. */
function registerUrl(email: string): string | null {
  const issuer = getUiConfiguration()?.oidc?.issuer;
  if (issuer && issuer.replace(/\/$/, '') !== `${location.origin}/auth`) return null;
  return `/auth/register?email=${encodeURIComponent(email)}`;
}

export function InvitationPage({ kind }: { kind: InvitationKind }) {
  const def = kinds[kind];
  const ready = useStartup();
  const [view, setView] = useState<View>({ name: 'checking' });
  const [working, setWorking] = useState(false);
  const started = useRef(false);
  usePageTitle(titles[view.name]);
  const token = new URLSearchParams(location.search).get('token') ?? '';

  const accept = useCallback(
    async (email: string, missed: number | null): Promise<View> => {
      const retry = missed !== null;
      const needsSignIn: View = { name: 'needs-sign-in', email, missed: retry ? missed + 1 : 0 };
      try {
        const result = await def.accept(token, retry);
        if (!result.accepted) return needsSignIn;
        // A signed-in invitee's status changed (to ACCEPTED): load it again for the landing page.
        if (useSession.getState().signedIn) await loadSignedInUser().catch(() => undefined);
        return { name: 'accepted', email, scopeName: result.scopeName };
      } catch (err) {
        if (codeOf(err) === 'USER_NOT_SIGNED_IN') return needsSignIn;
        return errorView(err);
      }
    },
    [def, token],
  );

  useEffect(() => {
    if (!ready || started.current) return;
    started.current = true; // the accept call changes state: once per visit
    void (async (): Promise<View> => {
      if (!token) return { name: 'invalid' };
      let email: string;
      let hasSignIn: boolean;
      try {
        ({ email, hasSignIn } = await apiPost('/v1.0/users/token/resolve-email', { token, type: def.type }, noAuth));
      } catch (err) {
        return errorView(err);
      }
      const session = useSession.getState();
      const signedInAs = session.user?.email ?? session.profile?.email ?? '';
      if (session.signedIn && signedInAs && signedInAs.toLowerCase() !== email.toLowerCase())
        return { name: 'someone-else', email, signedInAs };
      // Nobody to accept for yet: ask for a sign-in first rather than send an accept bound to fail.
      if (!session.signedIn && !hasSignIn) return { name: 'needs-sign-in', email, missed: 0 };
      return accept(email, null);
    })().then(setView);
  }, [ready, token, def, accept]);

  const retry = async (email: string, missed: number) => {
    setWorking(true);
    try {
      setView(await accept(email, missed));
    } finally {
      setWorking(false);
    }
  };

  // The failed retry is shown as a form error: the title says so too.
  const missed = view.name === 'needs-sign-in' && view.missed > 0;
  useEffect(() => {
    setFormErrors('invitation', missed);
    return () => setFormErrors('invitation', false);
  }, [missed]);

  const signedIn = useSession((s) => s.signedIn);
  const here = `${def.path}?token=${encodeURIComponent(token)}`;
  const startLogin = (email: string, back?: string) =>
    `/start-login?email=${encodeURIComponent(email)}${back ? `&redirectUrl=${encodeURIComponent(back)}` : ''}`;

  let body;
  switch (view.name) {
    case 'checking':
      body = (
        <p className="govuk-body" role="status">
          Checking your invitation…
        </p>
      );
      break;
    case 'invalid':
      body = (
        <>
          <h1 className="govuk-heading-l">{titles.invalid}</h1>
          <p className="govuk-body">
            The link may have been used already, or it may be incomplete. If you copied it from the email, check that
            you copied all of it.
          </p>
          <p className="govuk-body">
            If you have already accepted the invitation,{' '}
            <Link className="govuk-link" href="/start-login">
              sign in
            </Link>
            .
          </p>
          <p className="govuk-body">Otherwise, ask the person who invited you to send you a new invitation.</p>
        </>
      );
      break;
    case 'expired':
      body = (
        <>
          <h1 className="govuk-heading-l">{titles.expired}</h1>
          <p className="govuk-body">Invitation links only work for a limited time.</p>
          <p className="govuk-body">Ask the person who invited you to send you a new invitation.</p>
        </>
      );
      break;
    case 'refused':
      body = (
        <>
          <h1 className="govuk-heading-l">{titles.refused}</h1>
          <p className="govuk-body">{view.message}</p>
          <p className="govuk-body">
            If you need help,{' '}
            <Link className="govuk-link" href="/contact-us">
              contact us
            </Link>
            .
          </p>
        </>
      );
      break;
    case 'someone-else':
      body = (
        <>
          <h1 className="govuk-heading-l">{titles['someone-else']}</h1>
          <p className="govuk-body">
            This invitation was sent to {view.email}, but you are signed in as {view.signedInAs}.
          </p>
          <p className="govuk-body">
            Sign out, then open the link in the invitation email again and sign in with {view.email}.
          </p>
          <Button type="button" onClick={() => signOut('/')}>
            Sign out
          </Button>
        </>
      );
      break;
    case 'needs-sign-in': {
      const register = registerUrl(view.email);
      body = (
        <>
          {view.missed > 0 ? (
            <ErrorSummary
              errors={[{ path: 'accept', message: `We could not find a confirmed sign-in for ${view.email}` }]}
              focusKey={view.missed}
            />
          ) : null}
          <h1 className="govuk-heading-l">{titles['needs-sign-in']}</h1>
          <p className="govuk-body">
            This invitation was sent to {view.email}. To accept it you need a sign-in for Manage your ESOS reporting
            with this email address.
          </p>
          {register ? (
            <>
              <h2 className="govuk-heading-m">If you do not have a sign-in</h2>
              <ol className="govuk-list govuk-list--number">
                <li>
                  <a className="govuk-link" href={register}>
                    Create a sign-in
                  </a>{' '}
                  with {view.email}.
                </li>
                <li>Confirm your email address with the link we send you.</li>
                <li>
                  Open the link in your invitation email again, or come back to this page, to accept the invitation.
                </li>
              </ol>
            </>
          ) : null}
          <h2 className="govuk-heading-m">If you already have a sign-in</h2>
          <p className="govuk-body">
            <Link className="govuk-link" href={startLogin(view.email, here)}>
              Sign in with {view.email}
            </Link>{' '}
            and you will come back here.
          </p>
          <Button type="button" id="accept" pending={working} onClick={() => void retry(view.email, view.missed)}>
            Accept the invitation
          </Button>
        </>
      );
      break;
    }
    case 'accepted':
      body = (
        <>
          <Panel title={titles.accepted}>{view.scopeName ? `You have joined ${view.scopeName}` : undefined}</Panel>
          <h2 className="govuk-heading-m">Your user account needs to be activated.</h2>
          <p className="govuk-body">{ACTIVATION_NEEDED} We will email you when they have.</p>
          {signedIn ? (
            <p className="govuk-body">
              <Link className="govuk-link" href="/landing">
                Continue
              </Link>
            </p>
          ) : (
            <Button href={startLogin(view.email)}>Sign in</Button>
          )}
        </>
      );
      break;
  }
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">{body}</div>
    </div>
  );
}

export default function OperatorInvitationPage() {
  return <InvitationPage kind="operator" />;
}
