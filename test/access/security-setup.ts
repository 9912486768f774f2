// Who may call the user's own one-time-code reset (read by api/route-access.test.ts).
import type { AccessExpectation } from '../route-access';

// prettier-ignore
export const accessExpectations: Record<string, AccessExpectation> = {
  // Any signed-in user reaches validation: an empty body is a 400.
  'POST /v1.0/users/security-setup/2fa/reset-2fa': { url: () => '/api/v1.0/users/security-setup/2fa/reset-2fa', body: {}, expect: [401, 400, 400, 400, 400, 400, 400, 400] },
  // Public: the e-mailed token is the proof; a made-up token is refused for everyone alike.
  // Any signed-in user reaches validation: an empty body is a 400.
  'POST /v1.0/users/security-setup/2fa/request-change': { url: () => '/api/v1.0/users/security-setup/2fa/request-change', body: {}, expect: [401, 400, 400, 400, 400, 400, 400, 400] },
  'PATCH /v1.0/users/security-setup/2fa/delete': { url: () => '/api/v1.0/users/security-setup/2fa/delete', body: { token: 'not-a-real-token' }, expect: [400, 400, 400, 400, 400, 400, 400, 400] },
};
