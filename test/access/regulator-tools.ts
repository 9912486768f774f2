// Who may call the regulator tools' routes (read by api/route-access.test.ts): site contacts and MI
// reports are regulators' (changing site contacts needs the user-management permission), the
// verification body of account A is its Advanced users' to appoint, reference data is public.
import type { AccessExpectation } from '../route-access';

// Any active regulator, past the access rule (to 200, or to 400 for an empty body).
const regulators = (status: number): AccessExpectation['expect'] => [401, 403, 403, 403, status, status, status, 403];

// prettier-ignore
export const accessExpectations: Record<string, AccessExpectation> = {
  'GET /v1.0/:accountType/ca-site-contacts': { url: () => '/api/v1.0/ORGANISATION/ca-site-contacts?page=0&size=10', expect: regulators(200) },
  'POST /v1.0/:accountType/ca-site-contacts': { url: () => '/api/v1.0/ORGANISATION/ca-site-contacts', body: {}, expect: [401, 403, 403, 403, 400, 400, 403, 403] },

  'GET /v1.0/:accountType/mireports/types': { url: () => '/api/v1.0/ORGANISATION/mireports/types', expect: regulators(200) },
  'GET /v1.0/:accountType/mireports/request-task-types': { url: () => '/api/v1.0/ORGANISATION/mireports/request-task-types', expect: regulators(200) },
  'POST /v1.0/:accountType/mireports': { url: () => '/api/v1.0/ORGANISATION/mireports', body: {}, expect: regulators(400) },
  'POST /v1.0/:accountType/mireports/export': { url: () => '/api/v1.0/ORGANISATION/mireports/export', body: {}, expect: regulators(400) },
  'POST /v1.0/:accountType/mireports/custom': { url: () => '/api/v1.0/ORGANISATION/mireports/custom', body: {}, expect: regulators(400) },
  'POST /v1.0/:accountType/mireports/custom/export': { url: () => '/api/v1.0/ORGANISATION/mireports/custom/export', body: {}, expect: regulators(400) },
  'GET /v1.0/:accountType/mireports/noc/:phase': { url: () => '/api/v1.0/ORGANISATION/mireports/noc/phase-3?page=0&size=10', expect: regulators(200) },

  // A's administrator gets to validation; its restricted user lacks the permission; regulators and verifiers have no rule.
  'POST /v1.0/accounts/:id/appoint-verification-body': { url: (w) => `/api/v1.0/accounts/${w.accountA}/appoint-verification-body`, body: {}, expect: [401, 400, 403, 404, 403, 403, 403, 403] },
  'PATCH /v1.0/accounts/:id/appoint-verification-body': { url: (w) => `/api/v1.0/accounts/${w.accountA}/appoint-verification-body`, body: {}, expect: [401, 400, 403, 404, 403, 403, 403, 403] },
  'GET /v1.0/accounts/:id/active-verification-bodies': { url: (w) => `/api/v1.0/accounts/${w.accountA}/active-verification-bodies`, expect: [401, 200, 403, 404, 403, 403, 403, 403] },
  // Account A has no verification body: 204 to whoever may see the account.
  'GET /v1.0/accounts/:id/verification-body': { url: (w) => `/api/v1.0/accounts/${w.accountA}/verification-body`, expect: [401, 204, 204, 404, 204, 404, 204, 403] },

  'GET /v1.0/data': { url: () => '/api/v1.0/data?types=COUNTRIES&types=SIC_CODES', expect: [200, 200, 200, 200, 200, 200, 200, 200] },
};
