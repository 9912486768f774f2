// A person's user row, made from their sign-in's claims the first time the service sees them (their
// first API call, or accepting an invitation). Two first calls can arrive at once — the SPA sends
// several as it opens — so the insert gives way to any row already there, on any unique key: the
// same subject's row made by the other call (ON CONFLICT on the id alone still failed, on the
// e-mail's index, when both inserts ran at the same instant). The caller reads the row by its id
// afterwards; none there means the e-mail belongs to another subject.
import type { Knex } from 'knex';

export interface UserClaims {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

export async function ensureUserRow(db: Knex | Knex.Transaction, claims: UserClaims): Promise<void> {
  await db('users')
    .insert({
      id: claims.id,
      email: claims.email.toLowerCase(),
      first_name: claims.firstName,
      last_name: claims.lastName,
    })
    .onConflict()
    .ignore();
}
