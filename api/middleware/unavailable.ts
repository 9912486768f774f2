// Which part of the service an error says is away: PostgreSQL (refused, reset or timed-out
// connections, the pool giving up, a server shutting down) or Temporal (gRPC UNAVAILABLE or a
// connection that could not be made). errors.ts answers those 503 with a JSON message instead of
// 500: the caller's request was fine, and trying again shortly will work once the part is back.

export type UnavailablePart = 'database' | 'temporal';

/** PostgreSQL SQLSTATEs of a server that is away or going: admin_shutdown, crash_shutdown, cannot_connect_now, connection_exception…, too_many_connections. */
const PG_AWAY = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', '53300']);
const NET_AWAY = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/** gRPC status codes: 14 UNAVAILABLE, 4 DEADLINE_EXCEEDED. */
const GRPC_AWAY = new Set([14, 4]);

type ErrorLike = { name?: unknown; message?: unknown; code?: unknown; cause?: unknown; stack?: unknown };

function chain(err: unknown): ErrorLike[] {
  const out: ErrorLike[] = [];
  let at = err as ErrorLike | undefined;
  for (let i = 0; at && typeof at === 'object' && i < 8; i++) {
    out.push(at);
    at = at.cause as ErrorLike | undefined;
  }
  return out;
}

function isTemporalError(e: ErrorLike): boolean {
  const name = String(e.name ?? '');
  const message = String(e.message ?? '');
  return (
    name === 'ServiceError' ||
    name === 'TransportError' ||
    // An update whose call was cut off (the server went away while it waited).
    name === 'WorkflowUpdateRPCTimeoutOrCancelledError' ||
    /Failed to connect before the deadline|Connection refused|connect ECONNREFUSED .*:7233/.test(message) ||
    (typeof e.code === 'number' && 'details' in e && 'metadata' in e)
  );
}

export function unavailablePart(err: unknown): UnavailablePart | null {
  const errors = chain(err);
  // Temporal first: its gRPC errors carry numeric codes, and its connection errors name the server.
  for (const e of errors) {
    if (typeof e.code === 'number' && GRPC_AWAY.has(e.code) && errors.some(isTemporalError)) return 'temporal';
    if (/Failed to connect before the deadline/.test(String(e.message ?? ''))) return 'temporal';
    if (String(e.name ?? '') === 'WorkflowUpdateRPCTimeoutOrCancelledError') return 'temporal';
  }
  for (const e of errors) {
    const name = String(e.name ?? '');
    const message = String(e.message ?? '');
    if (name === 'KnexTimeoutError') return 'database';
    if (typeof e.code === 'string' && PG_AWAY.has(e.code)) return 'database';
    if (
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|terminating connection due to administrator command|the database system is (starting up|shutting down|in recovery mode)/.test(
        message,
      )
    ) {
      return 'database';
    }
  }
  for (const e of errors) {
    if (typeof e.code === 'string' && NET_AWAY.has(e.code))
      return errors.some(isTemporalError) ? 'temporal' : 'database';
  }
  return null;
}

export const UNAVAILABLE_MESSAGES: Record<UnavailablePart, string> = {
  database: 'Sorry, the service is unavailable. The database cannot be reached: try again in a few minutes',
  temporal: 'Sorry, the service is unavailable. The workflow engine cannot be reached: try again in a few minutes',
};
