import { vi } from 'vitest';

export type MockHandler = (
  init: RequestInit | undefined,
  url: string,
) => Response | Promise<Response>;

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export const ok = (data: unknown = null) => jsonResponse(200, { success: true, data });

/** GET /api/user's answer: RMS puts the user's fields at the top level, next to `success`. */
export const userOk = (user: object) => jsonResponse(200, { success: true, ...user });

export function errorResponse(status: number, code: string, message = code): Response {
  return jsonResponse(status, { success: false, errors: [{ code, message, source: null }] });
}

/**
 * Stubs fetch with handlers keyed by 'METHOD /path' (query string ignored); unknown calls answer
 * 404 so a missing handler shows up as a failed request rather than a hang.
 */
export function mockApi(handlers: Record<string, MockHandler>) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = url.split('?')[0];
    const handler = handlers[`${method} ${path}`];
    return handler ? handler(init, url) : errorResponse(404, 'NOT_FOUND');
  });
  vi.stubGlobal('fetch', fetchMock);
  const calls = (key: string) =>
    fetchMock.mock.calls.filter(
      ([url, init]) => `${init?.method ?? 'GET'} ${url.split('?')[0]}` === key,
    );
  return { fetchMock, calls };
}
