import pino from 'pino';

/** Logs JSON lines to stdout, or to `destination` (a test's or a script's own sink). */
export function createLogger(level: string, destination?: pino.DestinationStream) {
  return pino({ level, base: { service: 'esos-reporting' }, redact: ['req.headers.authorization', 'req.headers.cookie'] }, destination);
}

export type Logger = ReturnType<typeof createLogger>;
