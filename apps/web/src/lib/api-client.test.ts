import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, cancelAllPending } from './api-client';
import { buildQueryString } from './api-url';
import { onBlockingError } from './blocking-errors';
import { readFailures } from './failure-counters';
import { registerPasswordConfirmation } from './password-confirmation';
import { trackSessionExpiry } from './session-expiry';
import { configureSessionHooks, resetSessionHooks, sessionHooks } from './session-hooks';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const unauthorized = () =>
  json(401, {
    success: false,
    errors: [{ code: 'UNAUTHORIZED', message: 'Unauthorized', source: null }],
  });

/** A fetch that never answers until its signal aborts. */
function hangingFetch(_url: string, init?: RequestInit): Promise<Response> {
  return new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () =>
      reject(new DOMException('aborted', 'AbortError')),
    );
  });
}

type FetchFn = (url: string, init?: RequestInit) => Promise<Response>;
const locked = () =>
  json(423, {
    success: false,
    errors: [
      {
        code: 'PASSWORD_CONFIRMATION_REQUIRED',
        message: 'Confirm your password to continue.',
        source: null,
      },
    ],
  });

let fetchMock: ReturnType<typeof vi.fn<FetchFn>>;
let redirect: ReturnType<typeof vi.fn<(location: string) => void>>;
let reload: ReturnType<typeof vi.fn<() => void>>;

beforeEach(() => {
  fetchMock = vi.fn<FetchFn>();
  vi.stubGlobal('fetch', fetchMock);
  redirect = vi.fn<(location: string) => void>();
  reload = vi.fn<() => void>();
  configureSessionHooks({ redirect, reload, currentLocation: () => '/management/devices?x=1' });
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionHooks();
  cancelAllPending();
});

const calledUrls = () => fetchMock.mock.calls.map((call) => call[0]);
const calledHeaders = (index: number) => fetchMock.mock.calls[index]?.[1]?.headers as Headers;

describe('query strings', () => {
  it('comma-joins arrays and skips null, undefined and empty strings', () => {
    expect(
      buildQueryString({
        id: [1, 2, 3],
        q: '',
        sort: null,
        fields: undefined,
        limit: 25,
        x: ['', null],
      }),
    ).toBe('?id=1,2,3&limit=25');
  });

  it('builds the URL from base and path', async () => {
    fetchMock.mockResolvedValue(json(200, { success: true, data: [], meta: { total: 0 } }));
    const result = await api.get<unknown[]>('/devices', {
      query: { id: [4, 5], status: 'online' },
    });
    expect(calledUrls()).toEqual(['/api/devices?id=4,5&status=online']);
    expect(result.meta?.total).toBe(0);
  });

  it('uses base / for account calls', async () => {
    fetchMock.mockResolvedValue(json(200, { success: true, data: null }));
    await api.post('/account/logout', { base: '/' });
    expect(calledUrls()).toEqual(['/account/logout']);
  });
});

describe('headers', () => {
  it('sends credentials, X-Requested-With, X-SPA-VERSION and the RMS XSRF cookie', async () => {
    localStorage.setItem('spa_version', '5.14.0');
    document.cookie = 'XSRF-TOKEN=fallback';
    document.cookie = 'RMS-XSRF-TOKEN=primary';
    fetchMock.mockResolvedValue(json(200, { success: true, data: {} }));
    await api.put('/storage/a', { body: { value: 1 } });
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    const headers = calledHeaders(0);
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"value":1}');
    expect(headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(headers.get('X-SPA-VERSION')).toBe('5.14.0');
    expect(headers.get('X-XSRF-TOKEN')).toBe('primary');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('falls back to the XSRF-TOKEN cookie', async () => {
    document.cookie = 'XSRF-TOKEN=fallback';
    fetchMock.mockResolvedValue(json(200, { success: true, data: {} }));
    await api.get('/user');
    expect(calledHeaders(0).get('X-XSRF-TOKEN')).toBe('fallback');
  });
});

describe('errors', () => {
  it('rejects with a typed ApiError carrying status and error items', async () => {
    fetchMock.mockResolvedValue(
      json(422, {
        success: false,
        errors: [{ code: 'VALIDATION_ERROR', message: 'Name is required', source: 'name' }],
      }),
    );
    const error = await api.post('/tags', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      code: 'VALIDATION_ERROR',
      message: 'Name is required',
    });
  });

  it('carries Retry-After seconds', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ success: false, errors: [] }), {
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '30' },
      }),
    );
    await expect(api.post('/account/login', { base: '/' })).rejects.toMatchObject({
      status: 429,
      retryAfter: 30,
    });
  });

  it('turns a timeout into a 408 with the given message', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(hangingFetch);
    const pending = api.get('/user', { timeout: 30_000, timeoutMessage: 'User request timeout' });
    const assertion = expect(pending).rejects.toMatchObject({
      status: 408,
      message: 'User request timeout',
    });
    await vi.advanceTimersByTimeAsync(30_000);
    await assertion;
    vi.useRealTimers();
  });
});

describe('cancellation', () => {
  it('aborts a pending GET when the same URL is requested again', async () => {
    fetchMock.mockImplementationOnce(hangingFetch);
    fetchMock.mockResolvedValueOnce(json(200, { success: true, data: 'second' }));
    const first = api.get('/devices', { query: { limit: 10 } });
    const second = api.get<string>('/devices', { query: { limit: 10 } });
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    await expect(second).resolves.toMatchObject({ data: 'second' });
  });

  it('keeps GETs to different URLs apart', async () => {
    fetchMock.mockImplementationOnce(hangingFetch);
    fetchMock.mockResolvedValueOnce(json(200, { success: true, data: 'other' }));
    const first = api.get('/devices', { query: { limit: 10 } });
    await api.get('/devices', { query: { limit: 20 } });
    cancelAllPending();
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('cancelAllPending aborts everything in flight', async () => {
    fetchMock.mockImplementation(hangingFetch);
    const requests = [api.get('/a'), api.post('/b'), api.get('/c')];
    cancelAllPending();
    for (const request of requests)
      await expect(request).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('401 handling', () => {
  it('refreshes once for two concurrent 401s and retries both', async () => {
    let refreshes = 0;
    const seen = new Map<string, number>();
    fetchMock.mockImplementation(async (url: string) => {
      if (url === '/account/token/refresh') {
        refreshes += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
        return json(200, { success: true, data: null });
      }
      const count = (seen.get(url) ?? 0) + 1;
      seen.set(url, count);
      return count === 1 ? unauthorized() : json(200, { success: true, data: url });
    });
    const [a, b] = await Promise.all([api.get<string>('/a'), api.get<string>('/b')]);
    expect(refreshes).toBe(1);
    expect([a.data, b.data]).toEqual(['/api/a', '/api/b']);
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads after a refresh while impersonating', async () => {
    configureSessionHooks({ isImpersonating: () => true });
    fetchMock
      .mockResolvedValueOnce(unauthorized())
      .mockResolvedValueOnce(json(200, { success: true, data: null }))
      .mockResolvedValueOnce(json(200, { success: true, data: 'ok' }));
    await api.get('/a');
    expect(reload).toHaveBeenCalledOnce();
  });

  it('revokes and goes to login when the refresh fails', async () => {
    fetchMock.mockImplementation(async (url: string) => {
      if (url === '/account/token/refresh') return unauthorized();
      if (url === '/account/token/revoke') return json(200, { success: true, data: {} });
      return unauthorized();
    });
    await expect(api.get('/a')).rejects.toMatchObject({ status: 401 });
    expect(calledUrls()).toEqual(['/api/a', '/account/token/refresh', '/account/token/revoke']);
    expect(fetchMock.mock.calls[2]?.[1]).toMatchObject({ method: 'POST' });
    expect(redirect).toHaveBeenCalledWith(
      `/login?continue_url=${encodeURIComponent('/management/devices?x=1')}`,
    );
  });

  it('keeps the session when the page reloads while a refresh is in flight', async () => {
    let failRefresh: (error: Error) => void = () => undefined;
    fetchMock.mockImplementation((url: string) => {
      if (url !== '/account/token/refresh') return Promise.resolve(unauthorized());
      return new Promise<Response>((_resolve, reject) => {
        failRefresh = reject;
      });
    });
    const call = api.get('/a');
    await vi.waitFor(() => expect(calledUrls()).toContain('/account/token/refresh'));
    sessionHooks().reload();
    failRefresh(new TypeError('Failed to fetch'));
    await expect(call).rejects.toMatchObject({ status: 401 });
    expect(calledUrls()).toEqual(['/api/a', '/account/token/refresh']);
    expect(redirect).not.toHaveBeenCalled();
    // Once leaving, a 401 is not refreshed at all.
    await expect(api.get('/b')).rejects.toMatchObject({ status: 401 });
    expect(calledUrls()).toEqual(['/api/a', '/account/token/refresh', '/api/b']);
  });

  it('does not let a route change abort a refresh in flight', async () => {
    let answerRefresh: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation((url: string, init?: RequestInit) => {
      if (url === '/account/token/refresh') {
        return new Promise<Response>((resolve, reject) => {
          answerRefresh = resolve;
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        });
      }
      const retried = fetchMock.mock.calls.filter(([called]) => called === url).length > 1;
      return retried ? hangingFetch(url, init) : Promise.resolve(unauthorized());
    });
    const call = api.get('/a');
    await vi.waitFor(() => expect(calledUrls()).toContain('/account/token/refresh'));
    cancelAllPending();
    answerRefresh(json(200, { success: true, data: null }));
    // The refresh went through (no revoke); the retried page request is cancelled by the next
    // route change like any other.
    await vi.waitFor(() =>
      expect(calledUrls()).toEqual(['/api/a', '/account/token/refresh', '/api/a']),
    );
    cancelAllPending();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect(redirect).not.toHaveBeenCalled();
  });

  it('counts failed revokes for the maintenance page', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url === '/account/token/revoke' ? json(503, { success: false, errors: [] }) : unauthorized(),
    );
    await expect(api.get('/a')).rejects.toBeInstanceOf(ApiError);
    expect(readFailures('revokeFailures')).toBe(1);
  });

  it('does not refresh for account URLs', async () => {
    fetchMock.mockResolvedValue(unauthorized());
    await expect(api.post('/account/login', { base: '/', body: {} })).rejects.toMatchObject({
      status: 401,
    });
    expect(calledUrls()).toEqual(['/account/login']);
  });

  it('rejects a 401 from any URL containing /account as is (spec §8)', async () => {
    fetchMock.mockResolvedValue(unauthorized());
    await expect(
      api.put('/account/password', { base: '/', body: { password: 'x' } }),
    ).rejects.toMatchObject({ status: 401 });
    await expect(api.get('/reports/account-usage')).rejects.toMatchObject({ status: 401 });
    expect(calledUrls()).toEqual(['/account/password', '/api/reports/account-usage']);
  });

  it('rejects a 401 from /user as is on the SSH and telnet screens only', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url === '/account/token/refresh' ? json(200, { success: true, data: null }) : unauthorized(),
    );
    for (const page of ['/rms-connect/ssh?device=1', '/rms-connect/telnet']) {
      configureSessionHooks({ currentLocation: () => page });
      await expect(api.get('/user')).rejects.toMatchObject({ status: 401 });
    }
    expect(calledUrls()).toEqual(['/api/user', '/api/user']);
    configureSessionHooks({ currentLocation: () => '/rms-connect/sftp' });
    await expect(api.get('/user')).rejects.toMatchObject({ status: 401 });
    expect(calledUrls().slice(2)).toEqual(['/api/user', '/account/token/refresh', '/api/user']);
  });

  it('starts the global handler for a 401 with a global code, without a refresh', async () => {
    const handler = vi.fn();
    const stop = onBlockingError(handler);
    fetchMock.mockResolvedValue(
      json(401, {
        success: false,
        errors: [{ code: 'EMAIL_NOT_VERIFIED', message: 'Verify', source: null }],
      }),
    );
    await expect(api.get('/devices')).rejects.toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    stop();
    expect(handler).toHaveBeenCalledExactlyOnceWith('EMAIL_NOT_VERIFIED');
    expect(calledUrls()).toEqual(['/api/devices']);
  });
});

describe('session expiry (spec §4)', () => {
  const nowSeconds = () => Math.floor(Date.now() / 1000);
  const refreshed = (exp: number) => json(200, { success: true, data: { exp } });

  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    trackSessionExpiry(null);
    vi.useRealTimers();
  });

  it('renews the session when exp is reached, then again at the new exp', async () => {
    let exp = nowSeconds() + 60;
    fetchMock.mockImplementation(async () => refreshed((exp += 900)));
    trackSessionExpiry(exp);
    await vi.advanceTimersByTimeAsync(40_000);
    expect(calledUrls()).toEqual([]);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(calledUrls()).toEqual(['/account/token/refresh']);
    await vi.advanceTimersByTimeAsync(900_000);
    expect(calledUrls()).toEqual(['/account/token/refresh', '/account/token/refresh']);
    expect(redirect).not.toHaveBeenCalled();
  });

  it('does not renew on its own while impersonating: the next request does, then reloads', async () => {
    configureSessionHooks({ isImpersonating: () => true });
    fetchMock.mockImplementation(async (url: string) =>
      url === '/account/token/refresh'
        ? refreshed(nowSeconds() + 900)
        : json(200, { success: true, data: url }),
    );
    trackSessionExpiry(nowSeconds() + 30);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calledUrls()).toEqual([]);
    await api.get('/devices');
    expect(calledUrls()).toEqual(['/account/token/refresh', '/api/devices']);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('revokes and goes to login when the session cannot be renewed at exp', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url === '/account/token/revoke' ? json(200, { success: true, data: {} }) : unauthorized(),
    );
    trackSessionExpiry(nowSeconds() + 30);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calledUrls()).toEqual(['/account/token/refresh', '/account/token/revoke']);
    expect(redirect).toHaveBeenCalledWith(
      `/login?continue_url=${encodeURIComponent('/management/devices?x=1')}`,
    );
  });

  it('renews an expired session before sending, rather than sending a dead token', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url === '/account/token/refresh'
        ? refreshed(nowSeconds() + 900)
        : json(200, { success: true, data: url }),
    );
    trackSessionExpiry(nowSeconds() - 5);
    // The timer has not run yet (a tab waking up): the request itself notices.
    await expect(api.get<string>('/devices')).resolves.toMatchObject({ data: '/api/devices' });
    expect(calledUrls()).toEqual(['/account/token/refresh', '/api/devices']);
  });
});

describe('423 handling', () => {
  type Handler = (message: string) => Promise<boolean>;
  let unregister: () => void = () => undefined;
  afterEach(() => unregister());

  /** Answers 423 the first time each URL is called, then the data. */
  function lockedOnce() {
    fetchMock.mockImplementation(async (url: string) => {
      const calls = fetchMock.mock.calls.filter(([called]) => called === url).length;
      return calls === 1 ? locked() : json(200, { success: true, data: url });
    });
  }

  it('asks for the password with the server message and retries once confirmed', async () => {
    const handler = vi.fn<Handler>().mockResolvedValue(true);
    unregister = registerPasswordConfirmation(handler);
    lockedOnce();
    const result = await api.post<string>('/user/tokens', { body: { name: 'ci' } });
    expect(handler).toHaveBeenCalledExactlyOnceWith('Confirm your password to continue.');
    expect(result.data).toBe('/api/user/tokens');
    expect(calledUrls()).toEqual(['/api/user/tokens', '/api/user/tokens']);
    expect(fetchMock.mock.calls[1]?.[1]).toMatchObject({ method: 'POST', body: '{"name":"ci"}' });
  });

  it('rejects with the 423 when the user cancels', async () => {
    const handler = vi.fn<Handler>().mockResolvedValue(false);
    unregister = registerPasswordConfirmation(handler);
    lockedOnce();
    const error = await api.put('/user/impersonation-access').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 423, code: 'PASSWORD_CONFIRMATION_REQUIRED' });
    expect(calledUrls()).toEqual(['/api/user/impersonation-access']);
  });

  it('rejects with the 423 when the handler fails or none is registered', async () => {
    fetchMock.mockImplementation(async () => locked());
    await expect(api.post('/user/tokens')).rejects.toMatchObject({ status: 423 });
    unregister = registerPasswordConfirmation(() => Promise.reject(new Error('unmounted')));
    await expect(api.post('/user/tokens')).rejects.toMatchObject({ status: 423 });
    expect(calledUrls()).toHaveLength(2);
  });

  it('retries only once: a second 423 is the answer', async () => {
    const handler = vi.fn<Handler>().mockResolvedValue(true);
    unregister = registerPasswordConfirmation(handler);
    fetchMock.mockImplementation(async () => locked());
    await expect(api.post('/user/tokens')).rejects.toMatchObject({ status: 423 });
    expect(handler).toHaveBeenCalledOnce();
    expect(calledUrls()).toHaveLength(2);
  });

  it('shares one confirmation between concurrent 423s and retries each request', async () => {
    let confirm: (confirmed: boolean) => void = () => undefined;
    const handler = vi.fn<Handler>(
      () =>
        new Promise<boolean>((resolve) => {
          confirm = resolve;
        }),
    );
    unregister = registerPasswordConfirmation(handler);
    lockedOnce();
    const both = Promise.all([api.post<string>('/a'), api.put<string>('/b')]);
    await vi.waitFor(() => expect(calledUrls()).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 0));
    confirm(true);
    const [a, b] = await both;
    expect(handler).toHaveBeenCalledOnce();
    expect([a.data, b.data]).toEqual(['/api/a', '/api/b']);
  });

  it('asks again for a later 423 once the previous confirmation is over', async () => {
    const handler = vi.fn<Handler>().mockResolvedValue(false);
    unregister = registerPasswordConfirmation(handler);
    fetchMock.mockImplementation(async () => locked());
    await expect(api.post('/a')).rejects.toMatchObject({ status: 423 });
    await expect(api.post('/b')).rejects.toMatchObject({ status: 423 });
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('leaves the 423 of the confirmation call itself alone', async () => {
    const handler = vi.fn<Handler>().mockResolvedValue(true);
    unregister = registerPasswordConfirmation(handler);
    fetchMock.mockImplementation(async () => locked());
    await expect(api.post('/password-confirmation', { noConfirm: true })).rejects.toMatchObject({
      status: 423,
    });
    expect(handler).not.toHaveBeenCalled();
  });

  it('refreshes a 401 on the retry like any other request', async () => {
    unregister = registerPasswordConfirmation(() => Promise.resolve(true));
    const answers = [locked(), unauthorized(), json(200, { success: true, data: 'ok' })];
    fetchMock.mockImplementation(async (url: string) =>
      url === '/account/token/refresh'
        ? json(200, { success: true, data: null })
        : (answers.shift() ?? unauthorized()),
    );
    await expect(api.post<string>('/user/tokens')).resolves.toMatchObject({ data: 'ok' });
    expect(calledUrls()).toEqual([
      '/api/user/tokens',
      '/api/user/tokens',
      '/account/token/refresh',
      '/api/user/tokens',
    ]);
  });
});
