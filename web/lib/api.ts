// The SPA's one way to call the API. Paths are relative to /api.
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: { code?: string; message?: string; field?: string } | null,
  ) {
    super(body?.message ?? `Request failed with status ${status}`);
  }
}

export async function apiGet<T>(path: string): Promise<T> {
  const res = await fetch(`/api${path}`, { headers: { accept: 'application/json' } });
  const body = res.headers.get('content-type')?.includes('application/json') ? await res.json() : null;
  if (!res.ok) throw new HttpError(res.status, body);
  return body as T;
}
