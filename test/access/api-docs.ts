// Who may read the API description (read by api/route-access.test.ts): anyone, as the real service publishes it.
import type { AccessExpectation } from '../route-access';

export const accessExpectations: Record<string, AccessExpectation> = {
  'GET /v3/api-docs': { url: () => '/api/v3/api-docs', expect: [200, 200, 200, 200, 200, 200, 200, 200] },
};
