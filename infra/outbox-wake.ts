// Wakes the e-mail dispatcher when e-mails are queued. The outbox trigger notifies the channel
// `email_outbox` on commit (migrations/20261127300000_email_outbox_notify.ts); this listens on one
// connection of its own and calls `wake`, at most once per `debounceMs`. A lost connection (the
// database restarting) is reopened with backoff, and a wake follows the reconnect, since
// notifications sent while nobody listened are gone: the dispatcher's own poll is the backstop.
import { Client } from 'pg';

export const OUTBOX_CHANNEL = 'email_outbox';

export interface OutboxWake {
  /** Resolves once the first LISTEN is in place. */
  ready: Promise<void>;
  stop: () => Promise<void>;
}

export function listenForQueuedEmails(
  databaseUrl: string,
  wake: () => Promise<unknown> | unknown,
  options: { debounceMs?: number; onError?: (err: Error) => void } = {},
): OutboxWake {
  const debounceMs = options.debounceMs ?? 50;
  let stopped = false;
  let client: Client | null = null;
  let pending: NodeJS.Timeout | null = null;
  let retry: NodeJS.Timeout | null = null;
  let backoffMs = 500;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const schedule = () => {
    if (pending || stopped) return;
    pending = setTimeout(() => {
      pending = null;
      Promise.resolve()
        .then(wake)
        .catch((err: Error) => options.onError?.(err));
    }, debounceMs);
  };

  const connect = async () => {
    if (stopped) return;
    const c = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: 3000, keepAlive: true });
    client = c;
    const lost = (err?: Error) => {
      if (client !== c) return;
      client = null;
      if (err) options.onError?.(err);
      c.end().catch(() => undefined);
      if (stopped) return;
      retry = setTimeout(() => void connect(), backoffMs);
      backoffMs = Math.min(backoffMs * 2, 30_000);
    };
    c.on('error', lost);
    c.on('end', () => lost());
    c.on('notification', schedule);
    try {
      await c.connect();
      await c.query(`LISTEN ${OUTBOX_CHANNEL}`);
      backoffMs = 500;
      markReady();
      schedule();
    } catch (err) {
      lost(err as Error);
    }
  };
  void connect();

  return {
    ready,
    stop: async () => {
      stopped = true;
      if (pending) clearTimeout(pending);
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
