// The session-timeout dialog (spec section 4, "Session timeout"): 30 seconds before the session
// (the refresh token) ends, ask; Continue refreshes, Sign out signs out, no answer signs out to
// /timed-out with the idle seconds. Once a refresh gave a shorter lifetime than the first, the
// session cannot be extended any more and the dialog says so.
import { useEffect, useState } from 'react';
import { Button, Modal } from '../components';
import { refreshSession, signOut } from '../lib/auth/tokens';
import { useSession } from '../stores/session';

export const WARNING_SECONDS = 30;

/** 0: 'less than a minute', 1: '1 minute', otherwise 'N minutes'. */
export function formatMinutes(minutes: number): string {
  if (minutes <= 0) return 'less than a minute';
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

export function SessionTimeout() {
  const { signedIn, sessionExpiresAt, sessionLifetime, initialSessionLifetime } = useSession();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    setOpen(false);
    if (!signedIn || sessionExpiresAt === null) return;
    const warnIn = sessionExpiresAt - WARNING_SECONDS * 1000 - Date.now();
    const warn = setTimeout(() => setOpen(true), Math.max(0, warnIn));
    const end = setTimeout(
      () => signOut(`/timed-out?idle=${sessionLifetime ?? ''}`),
      Math.max(0, sessionExpiresAt - Date.now()),
    );
    return () => {
      clearTimeout(warn);
      clearTimeout(end);
    };
  }, [signedIn, sessionExpiresAt, sessionLifetime]);

  const extendable =
    sessionLifetime === null || initialSessionLifetime === null || sessionLifetime >= initialSessionLifetime;
  const idleMinutes = Math.floor(Math.max(0, (sessionLifetime ?? 0) - WARNING_SECONDS) / 60);

  return (
    <Modal open={open} title="Your session will end soon">
      {extendable ? (
        <p className="govuk-body">
          You have not done anything for {formatMinutes(idleMinutes)}. For your security, we will sign you out and reset
          the application in {WARNING_SECONDS} seconds. Any progress you have not saved will be lost.
        </p>
      ) : (
        <p className="govuk-body">
          Your session has reached its time limit and cannot be extended any further. For your security, we will sign
          you out and reset the application in {WARNING_SECONDS} seconds. Any progress you have not saved will be lost.
        </p>
      )}
      <div className="govuk-button-group">
        {extendable && (
          <Button
            type="button"
            pending={pending}
            onClick={async () => {
              setPending(true);
              await refreshSession();
              setPending(false);
            }}
          >
            Continue
          </Button>
        )}
        <Button type="button" variant="secondary" onClick={() => signOut('/')}>
          Sign out
        </Button>
      </div>
    </Modal>
  );
}
