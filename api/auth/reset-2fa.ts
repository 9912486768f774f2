// An administrator's reset of a user's one-time code, shared by the operator and regulator user routes.
import type { AppDeps } from '../deps';
import { queueEmails } from '../../infra/outbox';
import * as emails from '../email-templates';
import { endSessions } from '../../identity/sessions';

/**
 * An administrator's 2FA reset: the embedded identity provider forgets the one-time-code secret and
 * asks the user to set one up at their next sign-in (an external provider has no rows there); the
 * user's sign-ins end at once.
 */
export async function reset2fa({ db, config }: AppDeps, userId: string): Promise<void> {
  await db.transaction(async (trx) => {
    // The sign-in's row before the user's, as every revocation takes them (identity/sessions.ts), so
    // two at once for one person queue rather than deadlock.
    await trx('identity_credentials')
      .where({ subject: userId })
      .update({ totp_secret: null, totp_offered_at: null, updated_at: trx.fn.now() });
    const [user] = await trx('users')
      .where({ id: userId })
      .update({ two_factor_reset_at: trx.fn.now() })
      .returning(['email']);
    await endSessions(trx, userId);
    await queueEmails(trx, [emails.reset2faConfirmation({ to: user.email, link: `${config.publicUrl}/` })]);
  });
}
