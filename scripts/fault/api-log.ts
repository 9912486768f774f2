// The API's log in a fault run.
import pino from 'pino';
import { createLogger } from '../../infra/logger';

/**
 * The API's log in a fault run: silent by default (`FAULT_LOG_LEVEL=warn` or `=error` prints it),
 * but the error behind each 500 is kept by route, so that the anomaly says what went wrong inside.
 */
export function faultApiLog(printed = process.env.FAULT_LOG_LEVEL ?? 'silent') {
  const behind = new Map<string, string>();
  const printFrom = printed === 'silent' ? Infinity : pino.levels.values[printed];
  const sink = {
    write(line: string) {
      const entry = JSON.parse(line) as {
        level: number;
        msg?: string;
        method?: string;
        path?: string;
        err?: { type?: string; message?: string; code?: unknown; stack?: string };
      };
      if (entry.msg === 'unhandled error' && entry.err) {
        const where =
          entry.err.stack
            ?.split('\n')
            .find((l) => l.trim().startsWith('at '))
            ?.trim() ?? '';
        behind.set(
          `${entry.method} ${entry.path}`,
          `${entry.err.type ?? 'Error'}${entry.err.code !== undefined ? ` (code ${String(entry.err.code)})` : ''}: ${entry.err.message ?? ''} ${where}`.trim(),
        );
      }
      if (entry.level >= printFrom) process.stdout.write(line);
    },
  };
  return {
    logger: createLogger(printFrom < pino.levels.values.error ? printed : 'error', sink),
    /** What the API logged for the last 500 of `METHOD /path`. */
    errorBehind: (route: string) => behind.get(route),
  };
}
