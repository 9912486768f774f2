// A refresh racing a revocation (issue 27, finding 5): many rounds of a refresh sent while the user's
// sign-ins are being ended, through the real provider and API on the test database. Whatever the
// order the two take, no access token issued by a refresh that began before the revocation works
// once it is done, nor does the refresh token it handed out. The revocation runs in a transaction
// held open for a while in some rounds, as a caller's transaction is (an administrator's reset
// queues e-mails in it), and in some rounds across the turn of a second.
import { endSessions } from '../../identity/sessions';
import {
  PASSWORD,
  signInPerson,
  startIdentityApi,
  type IdentityHarness,
  type Tokens,
} from '../../test/identity-harness';

let h: IdentityHarness;
beforeAll(async () => {
  h = await startIdentityApi();
});
afterAll(() => h.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits until `ms` milliseconds into a second of the clock. */
const untilMsIntoSecond = (ms: number) => sleep((ms - (Date.now() % 1000) + 1000) % 1000);

const apiStatus = async (tokens: Tokens) =>
  (await fetch(`${h.url}/api/v1.0/users`, { headers: { authorization: `Bearer ${tokens.access_token}` } })).status;

it('no token from a refresh that began before a revocation works after it (many rounds, concurrent)', async () => {
  const user = await signInPerson(h.db);
  const survivors: string[] = [];
  let refreshedBefore = 0;
  const rounds = 21;
  for (let i = 0; i < rounds; i++) {
    const browser = h.visitor();
    const tokens = await browser.signIn(user.email, PASSWORD);
    expect(tokens.refresh_token).toBeDefined();
    // Start late in a second; hold the revocation's transaction 0–400 ms, the refresh sent 0–20 ms
    // after the revocation began (so both are under way together).
    const hold = [0, 30, 120, 250, 400][i % 5];
    const lead = [0, 5, 20][i % 3];
    await untilMsIntoSecond(850);
    // The last round lets the refresh finish first, so the refreshed tokens' refusal is always
    // exercised, however a loaded machine orders the racing rounds.
    const refreshFirst = i === rounds - 1;
    const refreshing = refreshFirst
      ? browser.token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token! })
      : null;
    if (refreshing) await refreshing;
    const revoke = h.db.transaction(async (trx) => {
      await endSessions(trx, user.id);
      if (hold) await sleep(hold);
    });
    const refresh =
      refreshing ??
      sleep(lead).then(() => browser.token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token! }));
    const [refreshed] = await Promise.all([refresh, revoke]);
    // The revocation is committed: everything from before it is refused.
    expect(await apiStatus(tokens)).toBe(401);
    if (refreshed.status === 200) {
      refreshedBefore++;
      const status = await apiStatus(refreshed);
      if (status !== 401) survivors.push(`round ${i} (hold ${hold} ms): the refreshed access token answered ${status}`);
      const again = await browser.token({ grant_type: 'refresh_token', refresh_token: refreshed.refresh_token! });
      if (again.status === 200) survivors.push(`round ${i}: the rotated refresh token still worked`);
    } else {
      expect(refreshed).toMatchObject({ status: 400, error: 'invalid_grant' });
    }
  }
  expect(survivors).toEqual([]);
  expect(refreshedBefore).toBeGreaterThan(0);
}, 120_000);

it('a sign-in after a revocation works at once, even within the same second', async () => {
  const user = await signInPerson(h.db);
  const first = await h.visitor().signIn(user.email, PASSWORD);
  await untilMsIntoSecond(100);
  await h.db.transaction((trx) => endSessions(trx, user.id));
  const again = await h.visitor().signIn(user.email, PASSWORD);
  expect(await apiStatus(first)).toBe(401);
  expect(await apiStatus(again)).toBe(200);
});
