// Which errors mean a part is away (503) and which are our own (500). The real outages are tested in
// scripts/fault/fault.test.ts (PostgreSQL stopped under the API) and the fault run (Temporal killed).
import { unavailablePart } from './unavailable';

const withCode = (message: string, code: unknown, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(message), { code, ...extra });

it('takes refused and dropped database connections, the pool giving up and PostgreSQL shutting down for the database', () => {
  expect(unavailablePart(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe('database');
  expect(unavailablePart(new Error('Connection terminated unexpectedly'))).toBe('database');
  expect(
    unavailablePart(
      Object.assign(new Error('Knex: Timeout acquiring a connection. The pool is probably full.'), {
        name: 'KnexTimeoutError',
      }),
    ),
  ).toBe('database');
  expect(unavailablePart(withCode('terminating connection due to administrator command', '57P01'))).toBe('database');
  expect(unavailablePart(withCode('the database system is starting up', '57P03'))).toBe('database');
});

it('takes gRPC UNAVAILABLE from the Temporal client, and a connection it could not make, for Temporal', () => {
  const grpc = withCode('14 UNAVAILABLE: No connection established', 14, {
    details: 'No connection established',
    metadata: {},
  });
  expect(
    unavailablePart(Object.assign(new Error('Failed to query workflow'), { name: 'ServiceError', cause: grpc })),
  ).toBe('temporal');
  expect(unavailablePart(new Error('Failed to connect before the deadline'))).toBe('temporal');
});

it('leaves everything else to be a 500: bugs and refusals of bad SQL are ours', () => {
  expect(unavailablePart(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBeNull();
  expect(unavailablePart(withCode('syntax error at or near "selec"', '42601'))).toBeNull();
  expect(unavailablePart(withCode('duplicate key value violates unique constraint', '23505'))).toBeNull();
  expect(unavailablePart(undefined)).toBeNull();
});
