// An administrator's unlock of a user's sign-in (NCSC: lockouts need a way back that is not the
// attacker's to use): every attempt counter of the user's account starts again — passwords from any
// address, the account-wide throttle, one-time codes. Shared by the operator and regulator user routes.
import type { Db } from '../../infra/db';
import { unlockSignIn } from '../../identity/rate-limit';

export async function unlockUserSignIn(db: Db, userId: string): Promise<void> {
  const user = await db('users').where({ id: userId }).first('email');
  const credential = await db('identity_credentials').where({ subject: userId }).first('email');
  // The counters are keyed on the e-mail typed at sign-in: the user's, and the sign-in's if it differs.
  for (const email of new Set([user?.email, credential?.email].filter((e): e is string => !!e)))
    await unlockSignIn(db, email);
}
