// Load generation over HTTP keep-alive: a closed loop (N clients calling in turn as fast as answers
// come) and an open loop (a fixed offered rate whatever the answers do).
import http from 'node:http';
import { options } from './options';

export const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency * 2 });

/** A call the load makes: whose token, which path. */
export interface Target {
  token: string;
  path: string;
}

export const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export function call(
  port: number,
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const headers = {
      authorization: `Bearer ${token}`,
      ...(data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {}),
    };
    const req = http.request({ host: '127.0.0.1', port, method, path, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(data);
  });
}

/** A GET whose body is not needed: read and dropped, so the load generator spends little on it. */
export function get(port: number, path: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method: 'GET', path, agent, headers: { authorization: `Bearer ${token}` } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

export type LoadResult = Awaited<ReturnType<typeof closedLoad>>;

/** `options.concurrency` clients calling the targets in turn for `seconds`; every answer must be 200. */
export async function closedLoad(port: number, label: string, targets: Target[], seconds = options.durationS) {
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + seconds * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: options.concurrency }, async (_, client) => {
      while (Date.now() < end) {
        const { token, path } = targets[(client + n++) % targets.length];
        const t0 = performance.now();
        try {
          if ((await get(port, path, token)) !== 200) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    label,
    requests: latencies.length,
    rps: latencies.length / seconds,
    p50: pct(latencies, 50),
    p95: pct(latencies, 95),
    p99: pct(latencies, 99),
    errors,
  };
}

/**
 * An open-loop load: `rate` requests a second whatever the answers do (each on its own schedule, so a
 * slow answer does not slow the next request), for `seconds`. The p95 says how long a request waits at
 * that load, which a closed loop at full concurrency cannot (there it is concurrency / throughput).
 */
export async function fixedLoad(port: number, targets: Target[], rate: number, seconds: number) {
  const latencies: number[] = [];
  let errors = 0;
  const pending: Promise<void>[] = [];
  const t0 = performance.now();
  const total = Math.floor(rate * seconds);
  for (let i = 0; i < total; i++) {
    const due = t0 + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const { token, path } = targets[i % targets.length];
    const started = performance.now();
    pending.push(
      get(port, path, token).then(
        (status) => {
          if (status !== 200) errors++;
          latencies.push(performance.now() - started);
        },
        () => {
          errors++;
        },
      ),
    );
  }
  await Promise.all(pending);
  latencies.sort((a, b) => a - b);
  return {
    achieved: latencies.length / ((performance.now() - t0) / 1000),
    p50: pct(latencies, 50),
    p95: pct(latencies, 95),
    p99: pct(latencies, 99),
    errors,
  };
}
