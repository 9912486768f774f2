// fetch answers for component tests: jsdom has no Response class.

export interface TestResponse {
  ok: boolean;
  status: number;
  headers: { get: (name: string) => string | null };
  json: () => Promise<unknown>;
}

/** An answer with a JSON body (or none, for null). */
export function testResponse(status: number, body: unknown = null): TestResponse {
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: { get: (name) => (name.toLowerCase() === 'content-type' && body !== null ? 'application/json' : null) },
    json: async () => body,
  };
}

/** One call a component made to the API: its path without the '/api' prefix, its body parsed. */
export interface FetchCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** Replaces fetch for a test: each call is recorded in `calls` and answered by `answer`. */
export function mockFetch(calls: FetchCall[], answer: (call: FetchCall) => unknown): void {
  (globalThis as { fetch: unknown }).fetch = async (url: string, init?: RequestInit) => {
    const u = new URL(url, 'http://localhost');
    const body = init?.body instanceof FormData ? init.body : init?.body ? JSON.parse(String(init.body)) : undefined;
    const call = { method: init?.method ?? 'GET', path: u.pathname.replace(/^\/api/, ''), query: u.searchParams, body };
    calls.push(call);
    return answer(call);
  };
}
