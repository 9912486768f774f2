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
