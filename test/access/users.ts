// Who may call the users, authorities and invitations routes and the system routes (read by
// api/route-access.test.ts).
import type { AccessExpectation } from '../route-access';

// prettier-ignore
export const accessExpectations: Record<string, AccessExpectation> = {
  //                                                                              anon adminA restrA opB regEN regWA regNone verifier
  'GET /ui-configuration': { url: () => '/api/ui-configuration', expect: [200, 200, 200, 200, 200, 200, 200, 200] },
  'GET /health': { url: () => '/api/health', expect: [503, 503, 503, 503, 503, 503, 503, 503] },
  'GET /version': { url: () => '/api/version', expect: [200, 200, 200, 200, 200, 200, 200, 200] },

  'GET /v1.0/users': { url: () => '/api/v1.0/users', expect: [401, 200, 200, 200, 200, 200, 200, 200] },
  'PATCH /v1.0/users/terms-and-conditions': { url: () => '/api/v1.0/users/terms-and-conditions', body: {}, expect: [401, 400, 400, 400, 400, 400, 400, 400] },
  'POST /v1.0/users/feedback': { url: () => '/api/v1.0/users/feedback', body: {}, expect: [401, 400, 400, 400, 400, 400, 400, 400] },
  'POST /v1.0/users/token/resolve-email': { url: () => '/api/v1.0/users/token/resolve-email', body: { token: 'not-a-token' }, expect: [400, 400, 400, 400, 400, 400, 400, 400] },
  'GET /v1.0/terms': { url: () => '/api/v1.0/terms', expect: [401, 200, 200, 200, 200, 200, 200, 200] },
  // Any signed-in user may ask for their own signature; nobody here has one (404 past the access rule).
  'GET /v1.0/users/signature': { url: () => `/api/v1.0/users/signature?signatureUuid=${crypto.randomUUID()}`, expect: [401, 404, 404, 404, 404, 404, 404, 404] },
  // Public: the e-mail form answers the same for anyone; a made-up token and empty bodies are refused alike.
  'POST /v1.0/users/forgot-password/reset-password-email': { url: () => '/api/v1.0/users/forgot-password/reset-password-email', body: {}, expect: [400, 400, 400, 400, 400, 400, 400, 400] },
  'POST /v1.0/users/forgot-password/token-verification': { url: () => '/api/v1.0/users/forgot-password/token-verification', body: { token: 'not-a-real-token-at-all' }, expect: [400, 400, 400, 400, 400, 400, 400, 400] },
  'POST /v1.0/users/forgot-password/reset-password': { url: () => '/api/v1.0/users/forgot-password/reset-password', body: {}, expect: [400, 400, 400, 400, 400, 400, 400, 400] },

  'GET /v1.0/authorities/current-user-state': { url: () => '/api/v1.0/authorities/current-user-state', expect: [401, 200, 200, 200, 200, 200, 200, 200] },
  'GET /v1.0/authorities/account/:accountId/operator-role-codes': { url: (w) => `/api/v1.0/authorities/account/${w.accountA}/operator-role-codes`, expect: [401, 200, 403, 404, 200, 404, 403, 403] },
  'GET /v1.0/authorities/regulator-roles': { url: () => '/api/v1.0/authorities/regulator-roles', expect: [401, 403, 403, 403, 200, 200, 403, 403] },
  'GET /v1.0/authorities/verifier-role-codes': { url: () => '/api/v1.0/authorities/verifier-role-codes', expect: [401, 403, 403, 403, 403, 403, 403, 200] },

  'GET /v1.0/operator-authorities/account/:accountId': { url: (w) => `/api/v1.0/operator-authorities/account/${w.accountA}`, expect: [401, 200, 200, 404, 200, 404, 200, 403] },
  'POST /v1.0/operator-authorities/account/:accountId': { url: (w) => `/api/v1.0/operator-authorities/account/${w.accountA}`, body: {}, expect: [401, 400, 403, 404, 400, 404, 403, 403] },
  'DELETE /v1.0/operator-authorities/account/:accountId/:userId': { url: (w) => `/api/v1.0/operator-authorities/account/${w.accountA}/${w.operatorTarget}`, mutates: true, expect: [401, 204, 403, 404, 204, 404, 403, 403] },
  // The only administrator of A may not leave it (400), which shows they got past the access rule.
  'DELETE /v1.0/operator-authorities/account/:accountId': { url: (w) => `/api/v1.0/operator-authorities/account/${w.accountA}`, mutates: true, expect: [401, 400, 403, 404, 403, 403, 403, 403] },
  'GET /v1.0/operator-users/account/:accountId/:userId': { url: (w) => `/api/v1.0/operator-users/account/${w.accountA}/${w.operatorTarget}`, expect: [401, 200, 403, 404, 200, 404, 403, 403] },
  'PATCH /v1.0/operator-users/account/:accountId/:userId': { url: (w) => `/api/v1.0/operator-users/account/${w.accountA}/${w.operatorTarget}`, body: {}, expect: [401, 400, 403, 404, 400, 404, 403, 403] },
  'PATCH /v1.0/operator-users/account/:accountId/:userId/reset-2fa': { url: (w) => `/api/v1.0/operator-users/account/${w.accountA}/${w.operatorTarget}/reset-2fa`, mutates: true, expect: [401, 204, 403, 404, 204, 404, 403, 403] },
  // Unlocking a user's sign-in: whoever may reset their one-time code.
  'PATCH /v1.0/operator-users/account/:accountId/:userId/unlock': { url: (w) => `/api/v1.0/operator-users/account/${w.accountA}/${w.operatorTarget}/unlock`, expect: [401, 204, 403, 404, 204, 404, 403, 403] },
  'PATCH /v1.0/operator-users/operator': { url: () => '/api/v1.0/operator-users/operator', body: {}, expect: [401, 400, 400, 400, 403, 403, 403, 403] },
  'POST /v1.0/operator-users/invite/account/:accountId': { url: (w) => `/api/v1.0/operator-users/invite/account/${w.accountA}`, body: {}, expect: [401, 400, 403, 404, 400, 404, 403, 403] },
  'POST /v1.0/operator-users/registration/accept-invitation': { url: () => '/api/v1.0/operator-users/registration/accept-invitation', body: { token: 'not-a-token' }, expect: [400, 400, 400, 400, 400, 400, 400, 400] },
  'POST /v1.0/operator-users/registration/accept-invitation-and-register': { url: () => '/api/v1.0/operator-users/registration/accept-invitation-and-register', body: {}, expect: [400, 400, 400, 400, 400, 400, 400, 400] },
  'POST /v1.0/operator-users/registration/register': { url: () => '/api/v1.0/operator-users/registration/register', body: {}, expect: [401, 400, 400, 400, 403, 403, 403, 403] },

  'GET /v1.0/regulator-authorities/permissions': { url: () => '/api/v1.0/regulator-authorities/permissions', expect: [401, 403, 403, 403, 200, 200, 200, 403] },
  'GET /v1.0/regulator-authorities/permissions/group-levels': { url: () => '/api/v1.0/regulator-authorities/permissions/group-levels', expect: [401, 403, 403, 403, 200, 200, 403, 403] },
  'GET /v1.0/regulator-authorities/permissions/:userId': { url: (w) => `/api/v1.0/regulator-authorities/permissions/${w.regulatorTarget}`, expect: [401, 403, 403, 403, 200, 404, 403, 403] },
  'GET /v1.0/regulator-authorities': { url: () => '/api/v1.0/regulator-authorities', expect: [401, 403, 403, 403, 200, 200, 200, 403] },
  'POST /v1.0/regulator-authorities': { url: () => '/api/v1.0/regulator-authorities', body: {}, expect: [401, 403, 403, 403, 400, 400, 403, 403] },
  'DELETE /v1.0/regulator-authorities/:userId': { url: (w) => `/api/v1.0/regulator-authorities/${w.regulatorTarget}`, mutates: true, expect: [401, 403, 403, 403, 204, 404, 403, 403] },
  'DELETE /v1.0/regulator-authorities': { url: () => '/api/v1.0/regulator-authorities', mutates: true, expect: [401, 403, 403, 403, 204, 204, 403, 403] },
  'GET /v1.0/regulator-users/:userId': { url: (w) => `/api/v1.0/regulator-users/${w.regulatorTarget}`, expect: [401, 403, 403, 403, 200, 404, 403, 403] },
  'POST /v1.0/regulator-users/invite': { url: () => '/api/v1.0/regulator-users/invite', multipart: true, expect: [401, 403, 403, 403, 400, 400, 403, 403] },
  'GET /v1.0/regulator-users/:userId/signature': {
    url: (w, p) => `/api/v1.0/regulator-users/${w.regulatorTarget}/signature?signatureUuid=${p.uuid}`,
    // The target has a signature file, as a regulator invitation or update leaves one.
    prepare: async (db, w) => {
      const uuid = crypto.randomUUID();
      await db('files').insert({ uuid, kind: 'SIGNATURE', file_name: 'signature.bmp', content_type: 'image/bmp', size: 2, content: Buffer.from('BM'), status: 'SUBMITTED' });
      await db('users').where({ id: w.regulatorTarget }).update({ signature_uuid: uuid });
      return { uuid };
    },
    expect: [401, 403, 403, 403, 200, 404, 403, 403],
  },
  // Any active regulator edits themself (the multipart body lacks its part: 400 past the access rule).
  'POST /v1.0/regulator-users': { url: () => '/api/v1.0/regulator-users', multipart: true, expect: [401, 403, 403, 403, 400, 400, 400, 403] },
  // Someone else: only with the manage-users permission, and only in one's own competent authority.
  'POST /v1.0/regulator-users/:userId': { url: (w) => `/api/v1.0/regulator-users/${w.regulatorTarget}`, multipart: true, expect: [401, 403, 403, 403, 400, 404, 403, 403] },
  'POST /v1.0/regulator-users/:userId/reset-2fa': { url: (w) => `/api/v1.0/regulator-users/${w.regulatorTarget}/reset-2fa`, mutates: true, expect: [401, 403, 403, 403, 204, 404, 403, 403] },
  'POST /v1.0/regulator-users/:userId/unlock': { url: (w) => `/api/v1.0/regulator-users/${w.regulatorTarget}/unlock`, expect: [401, 403, 403, 403, 204, 404, 403, 403] },
  'POST /v1.0/regulator-users/registration/accept-invitation-and-register': { url: () => '/api/v1.0/regulator-users/registration/accept-invitation-and-register', body: { token: 'not-a-token' }, expect: [400, 400, 400, 400, 400, 400, 400, 400] },

  'POST /v1.0/verifier-users/registration/accept-invitation': { url: () => '/api/v1.0/verifier-users/registration/accept-invitation', body: { token: 'not-a-token' }, expect: [400, 400, 400, 400, 400, 400, 400, 400] },
  'PUT /v1.0/verifier-users/registration/enable-from-invitation': { url: () => '/api/v1.0/verifier-users/registration/enable-from-invitation', body: {}, expect: [400, 400, 400, 400, 400, 400, 400, 400] },
};
