// Sign-in abuse, over HTTP against the real provider pages and PostgreSQL, with real concurrent
// requests (issue 15): bursts of wrong passwords and codes are limited exactly as sequences are, the
// tight limit is on an account from one address (so a stranger cannot lock the owner out), the
// account-wide rule slows rather than locks, and an administrator can unlock.
import { randomUUID } from 'node:crypto';
import {
  startIdentityApi,
  errorOf,
  PASSWORD,
  signInPerson,
  type IdentityHarness,
  type Visitor,
} from '../test/identity-harness';
import { createAccount, grantOperator } from '../test/factories';
import { generateSecret, totpAt } from './totp';
import { signInRules, slowedDown, TOO_MANY } from './rate-limit';
import { GENERIC_FAILURE } from './sign-in';

let h: IdentityHarness;
beforeAll(async () => {
  h = await startIdentityApi();
});
afterAll(() => h.close());

const person = (options: { totpSecret?: string } = {}) => signInPerson(h.db, options);

/** Each attempt in its own browser (its own interaction), all from one address, sent at once. */
async function burst(
  n: number,
  ip: string,
  attempt: (v: Visitor, i: number) => Promise<{ status: number; html: string }>,
) {
  const visitors = Array.from({ length: n }, () => h.visitor(ip));
  return Promise.all(visitors.map((v, i) => attempt(v, i)));
}

const checked = (pages: { status: number }[]) => pages.filter((p) => p.status !== 429).length;

describe('wrong passwords', () => {
  it('sent 30 at once for one account from one address: exactly 5 are checked, the rest refused, and the right password then too', async () => {
    const { email } = await person();
    const ip = '198.51.100.10';
    const visitors = Array.from({ length: 30 }, () => h.visitor(ip));
    const steps = await Promise.all(visitors.map((v) => v.openSignIn()));
    const pages = await Promise.all(visitors.map((v, i) => v.enterPassword(steps[i], email, 'Wrong-Password-1')));
    expect(checked(pages)).toBe(signInRules.accountFromAddress.max);
    expect(pages.filter((p) => p.status === 200).map((p) => errorOf(p.html))).toEqual(Array(5).fill(GENERIC_FAILURE));
    const refused = pages.filter((p) => p.status === 429);
    expect(refused).toHaveLength(25);
    expect(errorOf(refused[0].html)).toBe(TOO_MANY);
    expect(Number(refused[0].headers.get('retry-after'))).toBeGreaterThan(800);

    const owner = h.visitor(ip);
    const right = await owner.enterPassword(await owner.openSignIn(), email, PASSWORD);
    expect(right.status).toBe(429);
  });

  it('do not lock the owner out from another address (the tight limit is on the account and address together)', async () => {
    const { email } = await person();
    const attacker = h.visitor('203.0.113.66');
    for (let i = 0; i < 5; i++)
      expect((await attacker.enterPassword(await attacker.openSignIn(), email, 'Wrong-Password-1')).status).toBe(200);
    expect((await attacker.enterPassword(await attacker.openSignIn(), email, PASSWORD)).status).toBe(429);
    const tokens = await h.visitor('198.51.100.20').signIn(email, PASSWORD);
    expect(tokens.access_token).toBeDefined();
  });

  it('from one IPv6 /64 count as from one address, and from an IPv4-mapped IPv6 address as from its IPv4 address', async () => {
    const { email } = await person();
    for (let i = 1; i <= signInRules.accountFromAddress.max; i++) {
      const v = h.visitor(`2001:db8:27:1::${i}`);
      expect((await v.enterPassword(await v.openSignIn(), email, 'Wrong-Password-1')).status).toBe(200);
    }
    const same64 = h.visitor('2001:db8:27:1:ffff:ffff:ffff:fffe');
    expect((await same64.enterPassword(await same64.openSignIn(), email, PASSWORD)).status).toBe(429);
    expect((await h.visitor('2001:db8:27:2::1').signIn(email, PASSWORD)).access_token).toBeDefined();

    const other = await person();
    const v4 = h.visitor('198.51.100.90');
    for (let i = 0; i < signInRules.accountFromAddress.max; i++)
      expect((await v4.enterPassword(await v4.openSignIn(), other.email, 'Wrong-Password-1')).status).toBe(200);
    const mapped = h.visitor('::ffff:198.51.100.90');
    expect((await mapped.enterPassword(await mapped.openSignIn(), other.email, PASSWORD)).status).toBe(429);
  });

  it('sent 100 at once from one address over many accounts: exactly 20 are checked', async () => {
    const ip = '198.51.100.30';
    const pages = await burst(100, ip, async (v) =>
      v.enterPassword(await v.openSignIn(), `nobody.${randomUUID()}@example.org`, 'Wrong-Password-1'),
    );
    expect(checked(pages)).toBe(signInRules.address.max);
  });

  it('from everywhere at once only slow the account down: it is never locked, and the owner gets in after the wait', async () => {
    const { email } = await person();
    const addresses = ['203.0.113.1', '203.0.113.2', '203.0.113.3'];
    // Ten failures from three addresses, each under its own limit of five.
    for (let i = 0; i < signInRules.account.free; i++) {
      const v = h.visitor(addresses[i % 3]);
      expect((await v.enterPassword(await v.openSignIn(), email, 'Wrong-Password-1')).status).toBe(200);
    }
    const next = h.visitor('203.0.113.4');
    const slowed = await next.enterPassword(await next.openSignIn(), email, 'Wrong-Password-1');
    expect(slowed.status).toBe(429);
    const wait = Number(slowed.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(signInRules.account.delaySeconds);
    expect(errorOf(slowed.html)).toBe(slowedDown(wait));
    await new Promise((r) => setTimeout(r, wait * 1000 + 100));
    const tokens = await h.visitor('198.51.100.40').signIn(email, PASSWORD);
    expect(tokens.access_token).toBeDefined();
  });
});

/** Signs in with the password at this address and opens the code step: the visitor and its form. */
async function atCodeStep(email: string, ip: string) {
  const v = h.visitor(ip);
  const step = await v.openSignIn();
  const afterPassword = await v.enterPassword(step, email, PASSWORD);
  expect(afterPassword.location).toContain(step.interaction);
  const codePage = await v.fetch(afterPassword.location!);
  return {
    v,
    codeStep: { interaction: step.interaction, csrf: /name="csrf" value="([^"]+)"/.exec(codePage.html)![1] },
  };
}

const wrongCode = (secret: string) => {
  const right = [-1, 0, 1].map((o) => totpAt(secret, Date.now() + o * 30_000));
  return ['000000', '111111', '222222', '333333'].find((c) => !right.includes(c))!;
};

describe('wrong one-time codes', () => {
  it('from one address do not stop the owner at another (the code limit is on the account and address together)', async () => {
    const secret = generateSecret();
    const user = await person({ totpSecret: secret });
    // Someone who knows the password fails the code step five times from one address.
    const attacker = await atCodeStep(user.email, '203.0.113.70');
    for (let i = 0; i < signInRules.code.max; i++)
      expect((await attacker.v.enterCode(attacker.codeStep, wrongCode(secret))).status).toBe(200);
    const stopped = await attacker.v.enterCode(attacker.codeStep, totpAt(secret, Date.now()));
    expect(stopped.status).toBe(429);
    expect(errorOf(stopped.html)).toBe(TOO_MANY);
    // The owner, elsewhere, signs in with a right code.
    const owner = await atCodeStep(user.email, '198.51.100.70');
    const signedIn = await owner.v.enterCode(owner.codeStep, totpAt(secret, Date.now()));
    expect(signedIn.status).toBe(303);
    expect((await owner.v.finish(signedIn)).access_token).toBeDefined();
  });

  it('from everywhere at once only slow the account down: the owner gets in after the wait', async () => {
    const secret = generateSecret();
    const user = await person({ totpSecret: secret });
    const rule = signInRules.codeAccount;
    // Ten wrong codes from four addresses, each under its own limit of five.
    for (let i = 0; i < rule.free; i++) {
      const { v, codeStep } = await atCodeStep(user.email, `203.0.113.${80 + (i % 4)}`);
      expect((await v.enterCode(codeStep, wrongCode(secret))).status).toBe(200);
    }
    const owner = await atCodeStep(user.email, '198.51.100.80');
    const slowed = await owner.v.enterCode(owner.codeStep, totpAt(secret, Date.now()));
    expect(slowed.status).toBe(429);
    const wait = Number(slowed.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(rule.delaySeconds);
    expect(errorOf(slowed.html)).toBe(slowedDown(wait));
    await new Promise((r) => setTimeout(r, wait * 1000 + 100));
    const signedIn = await owner.v.enterCode(owner.codeStep, totpAt(secret, Date.now()));
    expect(signedIn.status).toBe(303);
    expect((await owner.v.finish(signedIn)).access_token).toBeDefined();
  });

  it('sent 60 at once in one sign-in: exactly 5 are checked, then even the right code waits for an administrator’s unlock', async () => {
    const secret = generateSecret();
    const user = await person({ totpSecret: secret });
    const account = await createAccount(h.db);
    await grantOperator(h.db, user, account, 'operator');
    const admin = await person();
    await grantOperator(h.db, admin, account, 'operator_admin');

    const v = h.visitor('198.51.100.50');
    const step = await v.openSignIn();
    const afterPassword = await v.enterPassword(step, user.email, PASSWORD);
    expect(afterPassword.location).toContain(step.interaction);
    const codePage = await v.fetch(afterPassword.location!);
    const codeStep = { interaction: step.interaction, csrf: /name="csrf" value="([^"]+)"/.exec(codePage.html)![1] };
    const right = totpAt(secret, Date.now());
    const wrong = right === '000000' ? '111111' : '000000';
    const pages = await Promise.all(Array.from({ length: 60 }, () => v.enterCode(codeStep, wrong)));
    expect(checked(pages)).toBe(signInRules.code.max);
    expect(pages.filter((p) => p.status === 200).map((p) => errorOf(p.html))).toEqual(
      Array(5).fill('The code is not correct'),
    );
    expect((await v.enterCode(codeStep, right)).status).toBe(429);

    // The account's administrator unlocks it; the right code then signs in.
    const adminTokens = await h.visitor('198.51.100.51').signIn(admin.email, PASSWORD);
    const unlock = await fetch(`${h.url}/api/v1.0/operator-users/account/${account.id}/${user.id}/unlock`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${adminTokens.access_token}` },
    });
    expect(unlock.status).toBe(204);
    const signedIn = await v.enterCode(codeStep, right);
    expect(signedIn.status).toBe(303);
    expect((await v.finish(signedIn)).access_token).toBeDefined();
  });
});

describe('an administrator’s unlock', () => {
  it('lets the owner back in from the address that was locked', async () => {
    const user = await person();
    const regulatorAdmin = await person();
    const ip = '198.51.100.60';
    const v = h.visitor(ip);
    for (let i = 0; i < 5; i++) await v.enterPassword(await v.openSignIn(), user.email, 'Wrong-Password-1');
    expect((await v.enterPassword(await v.openSignIn(), user.email, PASSWORD)).status).toBe(429);
    const account = await createAccount(h.db);
    await grantOperator(h.db, user, account, 'operator');
    await grantOperator(h.db, regulatorAdmin, account, 'operator_admin');
    const adminTokens = await h.visitor('198.51.100.61').signIn(regulatorAdmin.email, PASSWORD);
    const res = await fetch(`${h.url}/api/v1.0/operator-users/account/${account.id}/${user.id}/unlock`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${adminTokens.access_token}` },
    });
    expect(res.status).toBe(204);
    expect((await h.visitor(ip).signIn(user.email, PASSWORD)).access_token).toBeDefined();
  });
});
