// Who may call the compliance overview's routes (read by api/route-access.test.ts): any active
// regulator, of their own competent authority; operators and verifiers are refused.
import type { AccessExpectation } from '../route-access';
import { NOTIFICATION } from '../../processes';

const regulators = (status: number): AccessExpectation['expect'] => [401, 403, 403, 403, status, status, status, 403];

// prettier-ignore
export const accessExpectations: Record<string, AccessExpectation> = {
  'GET /v1.0/compliance/overview': { url: () => '/api/v1.0/compliance/overview', expect: regulators(200) },
  'GET /v1.0/compliance/accounts': { url: () => `/api/v1.0/compliance/accounts?requestType=${NOTIFICATION}&state=NOT_STARTED`, expect: regulators(200) },
  'POST /v1.0/compliance/accounts/export': { url: () => '/api/v1.0/compliance/accounts/export', body: {}, expect: regulators(400) },
  'GET /v1.0/compliance/chases/check': { url: () => `/api/v1.0/compliance/chases/check?requestType=${NOTIFICATION}&state=NOT_STARTED`, expect: regulators(200) },
  'POST /v1.0/compliance/chases': { url: () => '/api/v1.0/compliance/chases', body: {}, expect: regulators(400) },
  // Another authority's chase, or none, is not found.
  'GET /v1.0/compliance/chases/:id': { url: () => '/api/v1.0/compliance/chases/999999999', expect: regulators(404) },
};
