// Who may call the published-data routes (read by api/route-access.test.ts): anyone lists and
// downloads what is published (an unknown version is not found for everyone); only regulators with
// 'Publish data' see their authority's versions, review their files, publish and withdraw (an unknown
// id: 404).
import type { AccessExpectation } from '../route-access';

const publishers = (status: number): AccessExpectation['expect'] => [401, 403, 403, 403, status, status, 403, 403];

// prettier-ignore
export const accessExpectations: Record<string, AccessExpectation> = {
  'GET /v1.0/published-data': { url: () => '/api/v1.0/published-data?page=0&size=10', expect: [200, 200, 200, 200, 200, 200, 200, 200] },
  'GET /v1.0/published-data/:id/files/:format': { url: () => '/api/v1.0/published-data/999999999/files/xlsx', expect: [404, 404, 404, 404, 404, 404, 404, 404] },
  'GET /v1.0/published-data/versions': { url: () => '/api/v1.0/published-data/versions?page=0&size=10', expect: publishers(200) },
  'GET /v1.0/published-data/versions/:id': { url: () => '/api/v1.0/published-data/versions/999999999', expect: publishers(404) },
  'POST /v1.0/published-data/versions': { url: () => '/api/v1.0/published-data/versions', body: {}, expect: publishers(400) },
  'GET /v1.0/published-data/versions/:id/files/:format': { url: () => '/api/v1.0/published-data/versions/999999999/files/csv', expect: publishers(404) },
  'POST /v1.0/published-data/versions/:id/publish': { url: () => '/api/v1.0/published-data/versions/999999999/publish', expect: publishers(404) },
  'POST /v1.0/published-data/versions/:id/withdraw': { url: () => '/api/v1.0/published-data/versions/999999999/withdraw', body: {}, expect: publishers(404) },
};
