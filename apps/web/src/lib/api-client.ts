// Fetch-based API client implementing spec §7 General and §8 401 and 423 handling: cookies sent,
// X-Requested-With / X-SPA-VERSION / X-XSRF-TOKEN headers, comma-joined query arrays, a new GET
// to the same URL aborts the pending one, route changes cancel everything pending, a 401
// triggers one single-flight token refresh followed by one retry (not for /account URLs, nor
// for /user on the SSH and telnet screens), the global codes start the global handler, and a
// 423 asks for the password (one dialog for concurrent 423s) followed by one retry.
import {
  COOKIES,
  HTTP_HEADERS,
  isBlockingErrorCode,
  refreshResponseSchema,
  STORAGE_KEYS,
  TOKEN_REFRESH_TIMEOUT_MS,
  type ApiSuccess,
} from '@netfleet/contracts';
import { openActionStatusFor, type ActionStatusOptions } from './action-status';
import {
  ApiError,
  NETWORK_ERROR_MESSAGE,
  parseErrorData,
  readErrorItems,
  parseRetryAfter,
} from './api-error';
import { buildUrl, type Query } from './api-url';
import { reportBlockingError } from './blocking-errors';
import { readCookie } from './cookies';
import { recordFailure, clearFailures } from './failure-counters';
import { askPasswordConfirmation } from './password-confirmation';
import { isSessionExpired, setSessionRenewal, trackSessionExpiry } from './session-expiry';
import { isLeavingPage, loginUrl, sessionHooks } from './session-hooks';

export { ApiError, isApiError, isAbortError } from './api-error';
export type { Query, QueryValue } from './api-url';

const API_BASE = '/api';
export const ACCOUNT_BASE = '/';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The success envelope `{success: true, data, meta?}`; callers type `data`. */
export type ApiResponse<T> = ApiSuccess<T>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** '/api' by default; account-service calls pass '/' (their paths start with /account). */
  base?: string;
  signal?: AbortSignal;
  /** Milliseconds; the spec's default is none. A timeout rejects with ApiError status 408. */
  timeout?: number;
  timeoutMessage?: string;
  /** Skip the 401 → refresh → retry dance (used by the refresh and revoke calls themselves). */
  noRefresh?: boolean;
  /** Answer a 423 as is instead of asking for the password (the confirmation call itself). */
  noConfirm?: boolean;
  /** Opt-in: a response with `meta.channel` opens the live 'Action status' dialog (spec §4). */
  actionStatus?: boolean | ActionStatusOptions;
}

const pendingGets = new Map<string, AbortController>();
const pending = new Set<AbortController>();
let refreshInFlight: Promise<boolean> | null = null;
let confirmationInFlight: Promise<boolean> | null = null;

const LOCKED = 423;

/** Aborts every request still in flight; the router calls it on each route change. */
export function cancelAllPending(): void {
  for (const controller of pending) controller.abort();
  pending.clear();
  pendingGets.clear();
}

/**
 * The headers every API call carries (X-Requested-With, X-SPA-VERSION, X-XSRF-TOKEN); exported for
 * the requests fetch cannot make, such as uploads that report progress through XMLHttpRequest.
 */
export function apiHeaders(): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  headers.set(HTTP_HEADERS.requestedWith, 'XMLHttpRequest');
  const spaVersion = localStorage.getItem(STORAGE_KEYS.spaVersion);
  if (spaVersion) headers.set(HTTP_HEADERS.spaVersion, spaVersion);
  const xsrf = readCookie(COOKIES.xsrf) ?? readCookie(COOKIES.xsrfFallback);
  if (xsrf) headers.set(HTTP_HEADERS.xsrf, xsrf);
  return headers;
}

function buildHeaders(body: unknown): Headers {
  const headers = apiHeaders();
  if (body !== undefined && !(body instanceof FormData))
    headers.set('Content-Type', 'application/json');
  return headers;
}

function encodeBody(body: unknown): BodyInit | undefined {
  if (body === undefined) return undefined;
  return body instanceof FormData ? body : JSON.stringify(body);
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return await response.json();
    } catch {
      return undefined;
    }
  }
  const text = await response.text();
  return text === '' ? undefined : text;
}

/** Ties an external signal to our controller; returns the cleanup. */
function linkSignal(signal: AbortSignal | undefined, controller: AbortController): () => void {
  if (!signal) return () => undefined;
  if (signal.aborted) {
    controller.abort();
    return () => undefined;
  }
  const onAbort = () => controller.abort();
  signal.addEventListener('abort', onAbort, { once: true });
  return () => signal.removeEventListener('abort', onAbort);
}

async function send<T>(
  method: HttpMethod,
  url: string,
  options: RequestOptions,
): Promise<ApiResponse<T>> {
  const controller = new AbortController();
  if (method === 'GET') {
    pendingGets.get(url)?.abort();
    pendingGets.set(url, controller);
  }
  // A route change cancels the page's requests, not a token refresh or revoke in flight.
  if (!isSessionUrl(url)) pending.add(controller);
  const unlink = linkSignal(options.signal, controller);
  let timedOut = false;
  const timer =
    options.timeout === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, options.timeout);

  try {
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        credentials: 'include',
        headers: buildHeaders(options.body),
        body: encodeBody(options.body),
        signal: controller.signal,
      });
    } catch (error) {
      if (timedOut) throw new ApiError(408, 'Request Timeout', [], options.timeoutMessage);
      if (controller.signal.aborted)
        throw new DOMException('The request was aborted', 'AbortError');
      throw new ApiError(0, '', [], error instanceof Error ? error.message : NETWORK_ERROR_MESSAGE);
    }
    const body = await readBody(response);
    const envelopeFailed =
      typeof body === 'object' &&
      body !== null &&
      (body as { success?: unknown }).success === false;
    if (!response.ok || envelopeFailed) {
      throw new ApiError(
        response.status,
        response.statusText,
        await readErrorItems(body),
        undefined,
        parseRetryAfter(response.headers.get('Retry-After')),
        parseErrorData(body),
      );
    }
    if (typeof body === 'object' && body !== null && 'success' in body)
      return body as ApiResponse<T>;
    return { success: true, data: body as T };
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    unlink();
    pending.delete(controller);
    if (pendingGets.get(url) === controller) pendingGets.delete(url);
  }
}

/** Revokes the session and leaves for the login page, keeping where the user was. */
async function revokeAndLeave(): Promise<void> {
  const hooks = sessionHooks();
  const here = hooks.currentLocation();
  trackSessionExpiry(null);
  try {
    await send('POST', buildUrl(ACCOUNT_BASE, '/account/token/revoke'), {
      body: {},
      noRefresh: true,
    });
    clearFailures('revokeFailures');
  } catch (error) {
    // A 4xx only means there was no session left to revoke; outages count towards maintenance.
    const clientError = error instanceof ApiError && error.status >= 400 && error.status < 500;
    if (!clientError) recordFailure('revokeFailures');
  }
  hooks.redirect(loginUrl(here));
}

async function refreshOnce(): Promise<boolean> {
  try {
    const { data } = await send('POST', buildUrl(ACCOUNT_BASE, '/account/token/refresh'), {
      noRefresh: true,
      timeout: TOKEN_REFRESH_TIMEOUT_MS,
    });
    const renewed = refreshResponseSchema.safeParse(data);
    if (renewed.success) trackSessionExpiry(renewed.data.exp);
  } catch {
    // Cut off by the page's own reload or redirect: the session is fine, the next page uses it.
    if (!isLeavingPage()) await revokeAndLeave();
    return false;
  }
  // An impersonation token cannot be refreshed in place: reload to pick up the new session.
  if (sessionHooks().isImpersonating()) sessionHooks().reload();
  return true;
}

/** Single flight: concurrent 401s and the renewal at `exp` share one refresh. */
function refreshSession(): Promise<boolean> {
  refreshInFlight ??= refreshOnce().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

// While impersonating, a refresh reloads the page (spec §4): a timed renewal would reload it
// every token lifetime and lose unsaved work, so the next request after `exp` renews instead.
setSessionRenewal(() =>
  sessionHooks().isImpersonating() ? Promise.resolve(false) : refreshSession(),
);

// Calls that start or end a session: a route change must not cut them off.
const SESSION_PATHS: ReadonlySet<string> = new Set([
  '/account/login',
  '/account/logout',
  '/account/token/refresh',
  '/account/token/revoke',
  '/account/email/verify',
]);

function isSessionUrl(url: string): boolean {
  return SESSION_PATHS.has(url.split('?')[0] ?? url);
}

const CONSOLE_CONNECT_PAGE = /\/rms-connect\/(ssh|telnet)\b/;

/**
 * Spec §8: a 401 from any URL containing /account, or from /user on the SSH and telnet connect
 * screens, is rejected as is; any other one may be answered by refreshing the session.
 */
function mayRefresh(url: string, options: RequestOptions): boolean {
  const path = url.split('?')[0] ?? url;
  if (options.noRefresh || path.includes('/account')) return false;
  return !(
    path === `${API_BASE}/user` && CONSOLE_CONNECT_PAGE.test(sessionHooks().currentLocation())
  );
}

async function sendRefreshing<T>(
  method: HttpMethod,
  url: string,
  options: RequestOptions,
): Promise<ApiResponse<T>> {
  const refreshable = mayRefresh(url, options);
  // The tab slept through the renewal at `exp`: renew first rather than send a dead token.
  if (refreshable && isSessionExpired() && !isLeavingPage()) await refreshSession();
  try {
    return await send<T>(method, url, options);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    // The session is fine but not usable yet: a refresh would not change that.
    if (isBlockingErrorCode(error.code)) {
      reportBlockingError(error.code);
      throw error;
    }
    if (!refreshable || isLeavingPage() || !(await refreshSession())) throw error;
    return send<T>(method, url, options);
  }
}

async function fetchBlob(url: string, signal: AbortSignal | undefined): Promise<Response> {
  const response = await fetch(url, {
    credentials: 'include',
    headers: buildHeaders(undefined),
    signal,
  });
  if (!response.ok) {
    const body = await readBody(response);
    throw new ApiError(response.status, response.statusText, await readErrorItems(body));
  }
  return response;
}

/**
 * A GET answered with a file (row downloads, spec §7): same cookies and headers as the JSON calls
 * and one retry after the shared token refresh on a 401. Resolves to the OK response for its body
 * and Content-Disposition.
 */
export async function requestBlob(
  path: string,
  options: Pick<RequestOptions, 'query' | 'base' | 'signal'> = {},
): Promise<Response> {
  const url = buildUrl(options.base ?? API_BASE, path, options.query);
  try {
    return await fetchBlob(url, options.signal);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401) || !(await refreshSession()))
      throw error;
    return fetchBlob(url, options.signal);
  }
}

/** Single flight: concurrent 423s share one dialog; a failing handler counts as cancelled. */
function awaitPasswordConfirmation(message: string): Promise<boolean> {
  confirmationInFlight ??= askPasswordConfirmation(message)
    .catch(() => false)
    .finally(() => {
      confirmationInFlight = null;
    });
  return confirmationInFlight;
}

export async function request<T>(
  method: HttpMethod,
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const response = await requestConfirming<T>(method, path, options);
  const { actionStatus } = options;
  if (actionStatus) openActionStatusFor(response, actionStatus === true ? {} : actionStatus);
  return response;
}

async function requestConfirming<T>(
  method: HttpMethod,
  path: string,
  options: RequestOptions,
): Promise<ApiResponse<T>> {
  const url = buildUrl(options.base ?? API_BASE, path, options.query);
  try {
    return await sendRefreshing<T>(method, url, options);
  } catch (error) {
    // Cancelled (or no dialog), the caller gets the 423 and shows its usual error; the retry's
    // own 423 is final.
    const locked = error instanceof ApiError && error.status === LOCKED && !options.noConfirm;
    if (!locked || !(await awaitPasswordConfirmation(error.message))) throw error;
    return sendRefreshing<T>(method, url, options);
  }
}

/** `api.get<User>('/user')` resolves to the envelope; `body` goes in the options for every verb. */
export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, options?: RequestOptions) => request<T>('POST', path, options),
  put: <T>(path: string, options?: RequestOptions) => request<T>('PUT', path, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
