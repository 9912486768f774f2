import pino from 'pino';

export function createLogger(level: string) {
  return pino({ level, base: { service: 'esos-reporting' }, redact: ['req.headers.authorization', 'req.headers.cookie'] });
}

export type Logger = ReturnType<typeof createLogger>;
