// Creating a sign-in and asking for a password link, over HTTP through the provider's real pages on
// the test database (issue 27, 40): the e-mails one recipient gets on request from one address are
// limited, and so are those one address asks for; past either limit the page says so and when to try
// again; a stranger asking from elsewhere never silences the owner's own; and neither the answers nor
// the time they take say whether an address has a sign-in.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  csrfOf,
  errorOf,
  signInPerson,
  startIdentityApi,
  type IdentityHarness,
  type Page,
} from '../test/identity-harness';
import { createCredential } from './credentials';
import { mailLimit, recipientLimit } from './password-reset';

let h: IdentityHarness;
beforeAll(async () => {
  h = await startIdentityApi();
});
afterAll(() => h.close());

const NEW_PASSWORD = 'Correct-Horse-Battery-42';
const newAddress = () => `new.${randomBytes(6).toString('hex')}@example.org`;

/** Opens the form at this address and sends it; the time is the sending's alone. */
async function register(ip: string, email: string): Promise<Page & { ms: number }> {
  const v = h.visitor(ip);
  const form = await v.fetch('/auth/register');
  const started = performance.now();
  const page = await v.post('/auth/register', {
    firstName: 'Rey',
    lastName: 'Gister',
    email,
    password: NEW_PASSWORD,
    confirmPassword: NEW_PASSWORD,
    csrf: csrfOf(form.html),
  });
  return { ...page, ms: performance.now() - started };
}

async function forgot(ip: string, email: string): Promise<Page> {
  const v = h.visitor(ip);
  const form = await v.fetch('/auth/forgot-password');
  return v.post('/auth/forgot-password', { email, csrf: csrfOf(form.html) });
}

/** What the page says, without its markup (so without what was typed into the form). */
const said = (page: Page) =>
  (/<main[^>]*>([\s\S]*)<\/main>/.exec(page.html)?.[1] ?? '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
/** The answer as a stranger compares it: its status and its words, the minutes to wait aside. */
const answer = (page: Page) => ({ status: page.status, said: said(page).replace(/\d+ minutes?/g, 'N minutes') });

const mailsTo = (email: string) =>
  h.db('email_outbox').whereRaw('lower(to_address) = ?', [email.toLowerCase()]).orderBy('id');
const TRY_AGAIN = /^Too many emails have been asked for\. Try again in \d+ minutes?$/;

describe('e-mails to one recipient', () => {
  it(`are at most ${recipientLimit.max} an hour from one address, and the answers are alike with or without a sign-in`, async () => {
    const known = await signInPerson(h.db);
    const unknown = newAddress();
    const answers: Record<'known' | 'unknown', ReturnType<typeof answer>[]> = { known: [], unknown: [] };
    for (const [who, email, ip] of [
      ['known', known.email, '203.0.113.100'],
      ['unknown', unknown, '203.0.113.110'],
    ] as const) {
      for (let i = 0; i < 7; i++) answers[who].push(answer(await forgot(ip, email)));
    }
    expect(await mailsTo(known.email)).toHaveLength(recipientLimit.max);
    expect(await mailsTo(unknown)).toHaveLength(0);
    expect(answers.known).toEqual(answers.unknown);
    expect(answers.known.slice(0, recipientLimit.max).map((a) => a.status)).toEqual(
      Array(recipientLimit.max).fill(200),
    );
    expect(answers.known.slice(recipientLimit.max).every((a) => a.status === 429)).toBe(true);
  });

  it('cannot be silenced by a stranger: the owner asking from their own address still gets theirs', async () => {
    const owner = await signInPerson(h.db);
    // Strangers at three addresses use up their shares for the owner's address.
    for (const ip of ['203.0.113.101', '203.0.113.102', '203.0.113.103']) {
      for (let i = 0; i < recipientLimit.max; i++) expect((await forgot(ip, owner.email)).status).toBe(200);
      expect((await forgot(ip, owner.email)).status).toBe(429);
    }
    const before = (await mailsTo(owner.email)).length;
    expect(before).toBe(3 * recipientLimit.max);
    const own = await forgot('198.51.100.7', owner.email);
    expect(own.status).toBe(200);
    expect(await mailsTo(owner.email)).toHaveLength(before + 1);
  });

  it('count sign-up e-mails too', async () => {
    const email = newAddress();
    expect((await register('203.0.113.120', email)).status).toBe(200);
    for (let i = 1; i < recipientLimit.max; i++) expect((await forgot('203.0.113.120', email)).status).toBe(200);
    const over = await register('203.0.113.120', email);
    expect(over.status).toBe(429);
    expect(errorOf(over.html)).toMatch(TRY_AGAIN);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(recipientLimit.max);
    expect(mails[0].subject).toBe('Confirm your email address');
  });
});

describe('a new confirmation link at sign-in', () => {
  it('counts against the recipient’s limit too', async () => {
    const email = newAddress();
    await createCredential(h.db, { email, firstName: 'Una', lastName: 'Confirmed', password: NEW_PASSWORD });
    for (let i = 0; i < recipientLimit.max; i++) expect((await forgot('203.0.113.160', email)).status).toBe(200);
    const v = h.visitor('203.0.113.160');
    const page = await v.enterPassword(await v.openSignIn(), email, NEW_PASSWORD);
    expect(errorOf(page.html)).toBe('Confirm your email address first, with the latest link we have sent you');
    expect(await mailsTo(email)).toHaveLength(recipientLimit.max);
  });
});

describe('past the limit of e-mails from one address', () => {
  it('the pages say the limit was reached and when to try again, create and send nothing, and read the same for an address with a sign-in', async () => {
    const ip = '203.0.113.140';
    for (let i = 0; i < mailLimit.max; i++) expect((await register(ip, newAddress())).status).toBe(200);
    const known = await signInPerson(h.db);
    const fresh = newAddress();
    const [overNew, overKnown] = [await register(ip, fresh), await register(ip, known.email)];
    expect(overNew.status).toBe(429);
    expect(Number(overNew.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(errorOf(overNew.html)).toMatch(TRY_AGAIN);
    expect(said(overNew)).not.toContain('Check your email');
    expect(answer(overKnown)).toEqual(answer(overNew));
    expect(await h.db('identity_credentials').where({ email: fresh })).toHaveLength(0);
    expect(await mailsTo(fresh)).toHaveLength(0);
    expect(await mailsTo(known.email)).toHaveLength(0);
    // The typed names and address stay in the form; the passwords do not.
    expect(overNew.html).toContain(`value="${fresh}"`);
    expect(overNew.html).not.toContain(NEW_PASSWORD);

    const forgotten = await forgot(ip, known.email);
    expect(forgotten.status).toBe(429);
    expect(errorOf(forgotten.html)).toMatch(TRY_AGAIN);
  });
});

describe('creating a sign-in', () => {
  it('takes as long for an address that has a sign-in as for a new one', async () => {
    const tries = 15;
    const existing: string[] = [];
    for (let i = 0; i < tries; i++) existing.push((await signInPerson(h.db)).email);
    const times: Record<'existing' | 'fresh', number[]> = { existing: [], fresh: [] };
    // Alternated, each from its own address to its own recipient (under both limits).
    for (let i = 0; i < tries; i++) {
      for (const kind of i % 2 ? (['existing', 'fresh'] as const) : (['fresh', 'existing'] as const)) {
        const page = await register(
          `198.18.${i}.${kind === 'fresh' ? 1 : 2}`,
          kind === 'fresh' ? newAddress() : existing[i],
        );
        expect(page.status).toBe(200);
        times[kind].push(page.ms);
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const [a, b] = [median(times.existing), median(times.fresh)];
    // Hashing the password dominates both; what is left differs by a few milliseconds. The bound
    // grows with the machine's load (both medians do), so a busy machine does not fail it.
    expect(Math.abs(a - b)).toBeLessThan(Math.max(50, 0.25 * Math.max(a, b)));
  });

  it('twice at once for one new address answers both and makes one sign-in', async () => {
    const email = newAddress();
    const pages = await Promise.all([register('198.51.100.150', email), register('198.51.100.151', email)]);
    expect(pages.map((p) => [p.status, said(p).startsWith('Check your email')])).toEqual([
      [200, true],
      [200, true],
    ]);
    expect(await h.db('identity_credentials').where({ email })).toHaveLength(1);
  });
});
