import { apiGet, apiPost, apiRequest, HttpError, queryString, requireParam } from './api';
import { getAccessToken, startSignIn } from './auth/tokens';
import { renderHook } from '@testing-library/react';
import { clearErrorPage, useErrorPage, useErrorPageReference } from './error-page';
import { pendingRequestCount } from './pending';
import { testResponse } from '../../test/web/responses';

jest.mock('./auth/tokens', () => ({
  getAccessToken: jest.fn(),
  startSignIn: jest.fn(),
  signOut: jest.fn(),
}));

const fetchMock = jest.fn();
const tokenMock = getAccessToken as jest.MockedFunction<typeof getAccessToken>;
const signInMock = startSignIn as jest.MockedFunction<typeof startSignIn>;

/** Settles to 'pending' when the promise has not settled after the queued work ran. */
async function state(promise: Promise<unknown>): Promise<'resolved' | 'rejected' | 'pending'> {
  const marker = Symbol('pending');
  const result = await Promise.race([
    promise.then(
      () => 'resolved' as const,
      () => 'rejected' as const,
    ),
    new Promise((r) => setTimeout(() => r(marker), 20)),
  ]);
  return result === marker ? 'pending' : (result as 'resolved' | 'rejected');
}

beforeEach(() => {
  fetchMock.mockReset();
  tokenMock.mockReset().mockResolvedValue('token-123');
  signInMock.mockReset();
  (globalThis as { fetch: unknown }).fetch = fetchMock;
  window.history.replaceState(null, '', '/accounts?page=2');
  clearErrorPage();
});

describe('the API client', () => {
  it('sends the bearer token and JSON, and returns the JSON answer', async () => {
    fetchMock.mockResolvedValue(testResponse(200, { id: 1 }));
    await expect(apiPost<unknown>('/v1.0/things', { name: 'x' })).resolves.toEqual({ id: 1 });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit & { headers: Record<string, string> }];
    expect(url).toBe('/api/v1.0/things');
    expect(init.headers.authorization).toBe('Bearer token-123');
    expect(init.headers['content-type']).toBe('application/json');
    expect(init.body).toBe('{"name":"x"}');
  });

  it('sends no token on (no auth) calls', async () => {
    fetchMock.mockResolvedValue(testResponse(200, {}));
    await apiGet<unknown>('/ui-configuration', { auth: false });
    const init = fetchMock.mock.calls[0][1] as { headers: Record<string, string> };
    expect(init.headers.authorization).toBeUndefined();
    expect(tokenMock).not.toHaveBeenCalled();
  });

  it('passes other statuses (400, 404, 503) to the caller as HttpError with the API body', async () => {
    for (const status of [400, 404, 503]) {
      fetchMock.mockResolvedValueOnce(testResponse(status, { code: 'X', message: `failed ${status}`, field: 'name' }));
      const error = await apiGet<unknown>('/v1.0/things').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ status, message: `failed ${status}`, body: { field: 'name' } });
    }
  });

  it('on 500 shows the error page without changing the address, and drops the request', async () => {
    fetchMock.mockResolvedValue(testResponse(500, { message: 'boom' }));
    const call = apiGet<unknown>('/v1.0/things');
    expect(await state(call)).toBe('pending');
    expect(window.location.pathname + window.location.search).toBe('/accounts?page=2');
    // The store now holds a 500 page for the current path.
    expect(renderHook(() => useErrorPage('/accounts')).result.current).toBe(500);
    expect(renderHook(() => useErrorPage('/elsewhere')).result.current).toBeNull();
  });

  it('keeps a 500’s reference for the error page, for the user to quote', async () => {
    fetchMock.mockResolvedValue(
      testResponse(500, {
        code: 'INTERNAL_ERROR',
        message: 'Sorry, there is a problem with the service',
        reference: '4bf92f3577b34da6a3ce929d0e0e4736',
      }),
    );
    expect(await state(apiGet<unknown>('/v1.0/things'))).toBe('pending');
    expect(renderHook(() => useErrorPageReference()).result.current).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
  });

  it('on 401 starts sign-in again, returning to the current address', async () => {
    fetchMock.mockResolvedValue(testResponse(401));
    expect(await state(apiGet<unknown>('/v1.0/users'))).toBe('pending');
    expect(signInMock).toHaveBeenCalledWith({ redirectUrl: '/accounts?page=2' });
  });

  it('on 403 goes to the landing page, even while another request is pending', async () => {
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    let answerSlow: (v: unknown) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise((r) => (answerSlow = r))).mockResolvedValueOnce(testResponse(403));
    const slow = apiPost<unknown>('/v1.0/slow', {});
    expect(await state(apiGet<unknown>('/v1.0/accounts/1'))).toBe('pending');
    expect(window.location.pathname).toBe('/landing');
    expect(alert).not.toHaveBeenCalled();
    answerSlow(testResponse(204));
    await slow;
    alert.mockRestore();
  });

  it('passes errors of the account header-info call on unchanged, even 500, 401 and 403', async () => {
    for (const status of [500, 401, 403]) {
      fetchMock.mockResolvedValueOnce(testResponse(status));
      await expect(apiGet<unknown>('/v1.0/accounts/7/header-info')).rejects.toMatchObject({ status });
    }
    expect(signInMock).not.toHaveBeenCalled();
    expect(window.location.pathname).toBe('/accounts');
  });

  it('counts non-GET requests as pending until they settle; GET requests are not counted', async () => {
    let answer: (v: unknown) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise((r) => (answer = r)));
    const post = apiPost<unknown>('/v1.0/things', {});
    await new Promise((r) => setTimeout(r, 0));
    expect(pendingRequestCount()).toBe(1);
    answer(testResponse(204));
    await expect(post).resolves.toBeNull();
    expect(pendingRequestCount()).toBe(0);

    let answerGet: (v: unknown) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise((r) => (answerGet = r)));
    const get = apiGet<unknown>('/v1.0/things');
    await new Promise((r) => setTimeout(r, 0));
    expect(pendingRequestCount()).toBe(0);
    answerGet(testResponse(200, []));
    await get;
  });

  it('ends the pending count when the network fails', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiRequest('/v1.0/things', { method: 'DELETE' })).rejects.toThrow('Failed to fetch');
    expect(pendingRequestCount()).toBe(0);
  });
});

describe('query strings and required parameters', () => {
  it('flattens nested objects with dotted keys, repeats arrays, cuts dates to the day and leaves out nulls', () => {
    expect(
      queryString({
        page: 0,
        size: 10,
        types: ['A', 'B'],
        criteria: { accountId: 5, from: new Date('2024-03-05T15:00:00Z') },
        term: null,
      }),
    ).toBe('?page=0&size=10&types=A&types=B&criteria.accountId=5&criteria.from=2024-03-05');
    expect(queryString(undefined)).toBe('');
  });

  it('refuses a missing required parameter with the spec’s message', () => {
    expect(() => requireParam(undefined, 'accountId', 'getAccountById')).toThrow(
      'Required parameter accountId was null or undefined when calling getAccountById.',
    );
    expect(requireParam(0, 'page', 'list')).toBe(0);
  });
});
