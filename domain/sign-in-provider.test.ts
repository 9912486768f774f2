import { signInProvider } from './sign-in-provider';

const origin = 'https://esos.example.gov.uk';

describe('the sign-in provider the sign-in page names', () => {
  it.each([
    ['https://oidc.account.gov.uk', { kind: 'ONE_LOGIN' }],
    ['https://oidc.integration.account.gov.uk/', { kind: 'ONE_LOGIN' }],
    ['http://oidc.account.gov.uk', { kind: 'EXTERNAL', host: 'oidc.account.gov.uk' }],
    ['https://oidc.account.gov.uk.evil.example', { kind: 'EXTERNAL', host: 'oidc.account.gov.uk.evil.example' }],
    [`${origin}/auth`, { kind: 'EMBEDDED' }],
    [undefined, { kind: 'EMBEDDED' }],
    ['https://login.example.com/realms/esos', { kind: 'EXTERNAL', host: 'login.example.com' }],
  ])('%s is %o', (issuer, expected) => {
    expect(signInProvider(issuer, origin)).toEqual(expected);
  });
});
