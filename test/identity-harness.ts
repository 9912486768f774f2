// The whole web process as server tests need it for sign-in: `api/server.ts` started as production
// starts it (the API and the embedded identity provider at /auth on one origin; oidc-provider is an
// ES module Jest cannot load in-process), on the test run's PostgreSQL, behind a pretend TLS proxy
// (TRUST_PROXY: each visitor says its address in X-Forwarded-For). A `Visitor` is a browser without
// a browser: a cookie jar, an address, and the steps of the sign-in pages.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { createDb, type Db } from '../infra/db';
import { createCredential } from '../identity/credentials';
import { freePort } from './free-port';

export interface IdentityHarness {
  url: string;
  db: Db;
  visitor: (ip?: string, headers?: Record<string, string>) => Visitor;
  close: () => Promise<void>;
}

export async function startIdentityApi(env: Record<string, string> = {}): Promise<IdentityHarness> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const root = path.resolve(__dirname, '..');
  const databaseUrl = process.env.ESOS_TEST_DATABASE_URL!;
  const child = spawn(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'api/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      PUBLIC_URL: url,
      DATABASE_URL: databaseUrl,
      TRUST_PROXY: 'true',
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'error',
      TEMPORAL_ADDRESS: '127.0.0.1:1',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the web process exited with code ${child.exitCode}`);
    const ok = await fetch(`${url}/api/version`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error('the web process did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  const db = createDb(databaseUrl, { min: 0, max: 5 });
  let n = 0;
  return {
    url,
    db,
    visitor: (ip = `192.0.2.${++n % 250}`, headers = {}) => new Visitor(url, ip, headers),
    close: async () => {
      child.kill('SIGTERM');
      await exited;
      await db.destroy();
    },
  };
}

/** The password of people made by signInPerson. */
export const PASSWORD = 'Correct-Horse-Battery-42';

/** A confirmed sign-in and its user row, offered a one-time code already (so none is asked for unless it has one). */
export async function signInPerson(db: Db, options: { totpSecret?: string | null } = {}) {
  const email = `person.${randomBytes(6).toString('hex')}@example.org`;
  const credential = await createCredential(db, {
    email,
    firstName: 'Pat',
    lastName: 'Person',
    password: PASSWORD,
    verified: true,
  });
  await db('identity_credentials')
    .where({ subject: credential.subject })
    .update({ totp_offered_at: new Date(), totp_secret: options.totpSecret ?? null });
  await db('users')
    .insert({
      id: credential.subject,
      email,
      first_name: 'Pat',
      last_name: 'Person',
      terms_version: db.raw('(select max(version) from terms)'),
    })
    .onConflict('id')
    .ignore();
  return { id: credential.subject, email, firstName: 'Pat', lastName: 'Person' };
}

export interface Page {
  status: number;
  location: string | null;
  html: string;
  headers: Headers;
}

/** One browser: its cookies, its address (sent as X-Forwarded-For) and the sign-in steps. */
export class Visitor {
  readonly cookies = new Map<string, string>();
  /** Every Set-Cookie line received, as sent. */
  readonly setCookies: string[] = [];
  private verifier = randomBytes(48).toString('base64url');

  constructor(
    readonly base: string,
    readonly ip: string,
    /** Sent with every request, e.g. the proxy's X-Forwarded-Proto. */
    readonly headers: Record<string, string> = {},
  ) {}

  async fetch(path: string, init: RequestInit = {}): Promise<Page> {
    const res = await fetch(path.startsWith('http') ? path : this.base + path, {
      ...init,
      redirect: 'manual',
      headers: {
        ...this.headers,
        ...(init.headers as Record<string, string>),
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-forwarded-for': this.ip,
      },
    });
    for (const line of res.headers.getSetCookie()) {
      this.setCookies.push(line);
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      const [name, value] = [pair.slice(0, eq), pair.slice(eq + 1)];
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return { status: res.status, location: res.headers.get('location'), html: await res.text(), headers: res.headers };
  }

  async post(path: string, form: Record<string, string>): Promise<Page> {
    return this.fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
  }

  /** Opens the sign-in page the SPA's "Start now" leads to: the interaction's path and its form token. */
  async openSignIn(): Promise<{ interaction: string; csrf: string }> {
    const challenge = createHash('sha256').update(this.verifier).digest('base64url');
    const query = new URLSearchParams({
      client_id: 'esos-web',
      response_type: 'code',
      scope: 'openid email profile offline_access',
      redirect_uri: `${this.base}/callback`,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: randomBytes(8).toString('hex'),
      nonce: randomBytes(8).toString('hex'),
    });
    const auth = await this.fetch(`/auth/auth?${query}`);
    if (!auth.location?.includes('/auth/interaction/'))
      throw new Error(`no interaction: ${auth.status} ${auth.html.slice(0, 200)}`);
    const interaction = new URL(auth.location, this.base).pathname;
    const page = await this.fetch(interaction);
    return { interaction, csrf: csrfOf(page.html) };
  }

  /**
   * The SPA's silent check (prompt=none, to the silent-check page) with this browser's cookies: the
   * parameters the provider sends back, a code when signed in, else an error and its description.
   */
  async silentCheck(): Promise<URLSearchParams> {
    const query = new URLSearchParams({
      client_id: 'esos-web',
      response_type: 'code',
      response_mode: 'query',
      scope: 'openid email profile',
      redirect_uri: `${this.base}/auth/silent-check`,
      code_challenge: createHash('sha256').update(this.verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state: randomBytes(8).toString('hex'),
      nonce: randomBytes(8).toString('hex'),
      prompt: 'none',
    });
    const answer = await this.fetch(`/auth/auth?${query}`);
    if (!answer.location?.startsWith(`${this.base}/auth/silent-check?`))
      throw new Error(`the silent check was not answered: ${answer.status} ${answer.html.slice(0, 200)}`);
    return new URL(answer.location).searchParams;
  }

  /** Signs out at the provider as the SPA's 'Sign out' does (the provider's own form, submitted). */
  async signOut(): Promise<void> {
    const form = await this.fetch('/auth/session/end?client_id=esos-web');
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(form.html)?.[1];
    if (!xsrf) throw new Error(`no sign-out form: ${form.status} ${form.html.slice(0, 200)}`);
    const done = await this.post('/auth/session/end/confirm', { xsrf, logout: 'yes' });
    if (done.status !== 200 && done.status !== 303) throw new Error(`sign-out refused: ${done.status}`);
  }

  /** Submits the password form. */
  enterPassword(step: { interaction: string; csrf: string }, email: string, password: string): Promise<Page> {
    return this.post(`${step.interaction}/login`, { email, password, csrf: step.csrf });
  }

  /** Submits the one-time code form. */
  enterCode(step: { interaction: string; csrf: string }, code: string): Promise<Page> {
    return this.post(`${step.interaction}/code`, { code, csrf: step.csrf });
  }

  /** Follows the redirects after the last step to the SPA's callback and swaps the code for tokens. */
  async finish(page: Page): Promise<Tokens> {
    let location = page.location;
    const chain: string[] = [];
    for (let i = 0; i < 10 && location && !location.startsWith(`${this.base}/callback`); i++) {
      const next = await this.fetch(location);
      chain.push(
        `${location} → ${next.status} ${next.status === 200 ? (errorOf(next.html) ?? next.html.slice(0, 80)) : ''}`,
      );
      location = next.location;
    }
    const code = location ? new URL(location, this.base).searchParams.get('code') : null;
    if (!code) throw new Error(`signing in did not reach the callback: ${chain.join('; ')}`);
    return this.token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: `${this.base}/callback`,
      code_verifier: this.verifier,
    });
  }

  /** The token endpoint, as the SPA calls it (public client, our origin). */
  async token(form: Record<string, string>): Promise<Tokens> {
    const res = await fetch(`${this.base}/auth/token`, {
      method: 'POST',
      headers: {
        ...this.headers,
        'content-type': 'application/x-www-form-urlencoded',
        origin: this.base,
        'x-forwarded-for': this.ip,
      },
      body: new URLSearchParams({ client_id: 'esos-web', ...form }).toString(),
    });
    return { status: res.status, ...((await res.json()) as Omit<Tokens, 'status'>) };
  }

  /** Signs in with a password (and a code when asked for one): the tokens the SPA would hold. */
  async signIn(email: string, password: string, code?: () => string): Promise<Tokens> {
    const step = await this.openSignIn();
    let page = await this.enterPassword(step, email, password);
    if (page.status !== 303 && page.status !== 302)
      throw new Error(`password refused: ${page.status} ${errorOf(page.html)}`);
    // A one-time code is asked for on the interaction's own page; otherwise the sign-in resumes.
    if (page.location?.includes('/auth/interaction/')) {
      const codePage = await this.fetch(page.location);
      if (!code) throw new Error(`a one-time code is asked for: ${codePage.html.slice(0, 120)}`);
      page = await this.enterCode({ interaction: step.interaction, csrf: csrfOf(codePage.html) }, code());
    }
    return this.finish(page);
  }
}

export interface Tokens {
  status: number;
  access_token?: string;
  refresh_token?: string;
  error?: string;
}

export const csrfOf = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
/** The error message a form shows, if any. */
export const errorOf = (html: string) =>
  /class="govuk-error-message">(?:<span class="govuk-visually-hidden">Error:<\/span>)?\s*([^<]*)</
    .exec(html)?.[1]
    ?.trim() ?? null;
