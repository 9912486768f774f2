// oidc-provider 8 ships no types (and @types/oidc-provider is not installed): the part we use.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  import type Koa from 'koa';
  import type { JsonWebKey } from 'node:crypto';

  interface ClientLike {
    clientId: string;
    grantTypeAllowed(type: string): boolean;
  }
  interface GrantInstance {
    jti: string;
    exp?: number;
    addOIDCScope(scope: string): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
  }
  interface GrantClass {
    new (init: { clientId: string; accountId: string }): GrantInstance;
    find(id: string): Promise<GrantInstance | undefined>;
  }
  interface SessionLike {
    accountId?: string;
    grantIdFor(clientId: string): string | undefined;
  }
  interface OIDCContext {
    route: string;
    provider: Provider;
    /** The provider's own cookie jar (signed with the configured keys). */
    cookies: { get(name: string, options: { signed: boolean }): string | undefined };
    /** Was this prompt asked for (prompt=none, say) and not yet resolved? */
    promptPending(name: string): boolean;
    client?: ClientLike;
    session?: SessionLike;
    result?: { consent?: { grantId?: string } };
    entities: Record<string, unknown>;
  }
  export type KoaContextWithOIDC = Koa.Context & { oidc: OIDCContext };

  interface TokenLike {
    kind: string;
    accountId?: string;
    grantId?: string;
  }
  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown>>;
  }
  export interface InteractionDetails {
    uid: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown>;
    session?: { accountId: string };
    grantId?: string;
    result?: Record<string, unknown>;
    lastSubmission?: Record<string, unknown>;
  }
  export interface InteractionResults {
    login?: { accountId: string; remember?: boolean; amr?: string[] };
    consent?: { grantId?: string };
    [key: string]: unknown;
  }

  export interface Configuration {
    adapter?: unknown;
    jwks?: { keys: JsonWebKey[] };
    cookies?: { keys?: string[] };
    clients?: Record<string, unknown>[];
    claims?: Record<string, string[]>;
    conformIdTokenClaims?: boolean;
    scopes?: string[];
    responseTypes?: string[];
    features?: Record<string, unknown> & {
      rpInitiatedLogout?: {
        enabled: boolean;
        logoutSource?: (ctx: KoaContextWithOIDC, form: string) => Promise<void>;
        postLogoutSuccessSource?: (ctx: KoaContextWithOIDC) => Promise<void>;
      };
      resourceIndicators?: {
        enabled: boolean;
        defaultResource?: (ctx: KoaContextWithOIDC) => string;
        useGrantedResource?: (ctx: KoaContextWithOIDC) => boolean;
        getResourceServerInfo?: (ctx: KoaContextWithOIDC, resource: string) => Record<string, unknown>;
      };
    };
    interactions?: {
      policy?: InteractionPolicy;
      url: (ctx: KoaContextWithOIDC, interaction: { uid: string }) => string;
    };
    loadExistingGrant?: (ctx: KoaContextWithOIDC) => Promise<GrantInstance | undefined>;
    issueRefreshToken?: (ctx: KoaContextWithOIDC, client: ClientLike) => Promise<boolean>;
    rotateRefreshToken?: boolean;
    ttl?: Record<string, number | ((ctx: KoaContextWithOIDC | undefined, token: unknown, client: unknown) => number)>;
    findAccount?: (ctx: KoaContextWithOIDC, sub: string) => Promise<Account | undefined>;
    extraTokenClaims?: (ctx: KoaContextWithOIDC, token: TokenLike) => Promise<Record<string, unknown> | undefined>;
    renderError?: (
      ctx: KoaContextWithOIDC,
      out: { error: string; error_description?: string },
      error: Error,
    ) => Promise<void>;
    clientBasedCORS?: (ctx: KoaContextWithOIDC, origin: string, client: ClientLike) => boolean;
  }

  /** An error the token endpoint answers as OAuth's invalid_grant (400). */
  class InvalidGrant extends Error {
    constructor(description?: string);
  }
  export const errors: { InvalidGrant: typeof InvalidGrant };

  /**
   * One reason a prompt is needed. When `check` answers true and the request said prompt=none, the
   * provider answers `error` (the prompt's, e.g. login_required, when not given) with `description`.
   */
  class Check {
    constructor(
      reason: string,
      description: string,
      error: string,
      check: (ctx: KoaContextWithOIDC) => boolean | Promise<boolean>,
    );
    constructor(reason: string, description: string, check: (ctx: KoaContextWithOIDC) => boolean | Promise<boolean>);
  }
  interface Checks extends Array<Check> {
    /** Inserts at index i (the end by default); the first check that fails names the error. */
    add(check: Check, i?: number): void;
  }
  interface Prompt {
    name: string;
    checks: Checks;
  }
  interface InteractionPolicy extends Array<Prompt> {
    get(name: string): Prompt | undefined;
  }
  export const interactionPolicy: { Check: typeof Check; base(): InteractionPolicy };

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    proxy: boolean;
    readonly issuer: string;
    /** The name of a cookie the provider sets: 'session' is the browser's session id. */
    cookieName(type: 'session' | 'interaction' | 'resume'): string;
    readonly app: Koa;
    readonly Grant: GrantClass;
    readonly RefreshToken: { find(value: string): Promise<{ exp?: number } | undefined> };
    readonly Session: { find(id: string): Promise<unknown> };
    on(event: string, listener: (...args: never[]) => void): this;
    use(middleware: (ctx: KoaContextWithOIDC, next: () => Promise<void>) => Promise<void>): void;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
  }
}
