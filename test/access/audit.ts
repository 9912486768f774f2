// Who may read an account's audit trail (read by api/route-access.test.ts): England's regulators
// for account A (whatever their permissions); operators and verifiers are refused, Wales's regulator does not see A.
import type { AccessExpectation } from '../route-access';

// prettier-ignore
export const accessExpectations: Record<string, AccessExpectation> = {
  'GET /v1.0/accounts/:id/audit-entries': { url: (w) => `/api/v1.0/accounts/${w.accountA}/audit-entries?page=0&size=10`, expect: [401, 403, 403, 403, 200, 404, 200, 403] },
};
