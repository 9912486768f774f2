// Which identity provider signs people in, as the sign-in page names it: GOV.UK One Login only when
// OIDC_ISSUER is One Login's (https://oidc.account.gov.uk and its integration environment), another
// provider by its host name, and otherwise the service's own embedded provider at /auth.
export type SignInProvider = { kind: 'ONE_LOGIN' } | { kind: 'EXTERNAL'; host: string } | { kind: 'EMBEDDED' };

const ONE_LOGIN_HOST = /^oidc(\.[a-z0-9-]+)?\.account\.gov\.uk$/i;

/** `issuer` as /api/ui-configuration answers it; `origin` the service's own (location.origin). */
export function signInProvider(issuer: string | undefined, origin: string): SignInProvider {
  if (!issuer) return { kind: 'EMBEDDED' };
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return { kind: 'EMBEDDED' };
  }
  if (url.protocol === 'https:' && ONE_LOGIN_HOST.test(url.hostname)) return { kind: 'ONE_LOGIN' };
  if (url.origin === origin && /^\/auth\/?$/.test(url.pathname)) return { kind: 'EMBEDDED' };
  return { kind: 'EXTERNAL', host: url.host };
}
