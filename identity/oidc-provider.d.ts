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
    interactions?: { url: (ctx: KoaContextWithOIDC, interaction: { uid: string }) => string };
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

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    proxy: boolean;
    readonly issuer: string;
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
