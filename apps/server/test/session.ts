import type { App } from '@/app';

export interface TestSession {
  access: string;
  refresh: string;
  xsrf: string;
  /** Cookie header with all three session cookies. */
  cookie: string;
  /** Headers a well-behaved SPA sends on a mutating request. */
  headers: Record<string, string>;
}

export const SPA_HEADERS = { 'x-requested-with': 'XMLHttpRequest' };

type InjectResponse = Awaited<ReturnType<App['inject']>>;

export interface ResponseCookie {
  name: string;
  value: string;
  path?: string;
  httpOnly?: boolean;
  sameSite?: string;
  maxAge?: number;
}

/** One Set-Cookie of an inject answer, with its attributes. */
export const cookieOf = (response: InjectResponse, name: string): ResponseCookie | undefined =>
  (response.cookies as ResponseCookie[]).find((c) => c.name === name);

const cookieValue = (response: InjectResponse, name: string): string | undefined =>
  cookieOf(response, name)?.value;

/** Builds a session from the Set-Cookie headers of a login, refresh or impersonation answer. */
export const sessionFrom = (response: InjectResponse, previous?: TestSession): TestSession => {
  const access = cookieValue(response, 'nf_access') ?? previous?.access ?? '';
  const refresh = cookieValue(response, 'nf_refresh') ?? previous?.refresh ?? '';
  const xsrf = cookieValue(response, 'RMS-XSRF-TOKEN') ?? previous?.xsrf ?? '';
  const cookie = `nf_access=${access}; nf_refresh=${refresh}; RMS-XSRF-TOKEN=${xsrf}`;
  return {
    access,
    refresh,
    xsrf,
    cookie,
    headers: { cookie, ...SPA_HEADERS, 'x-xsrf-token': xsrf },
  };
};

export const login = (app: App, email: string, password: string, remoteAddress?: string) =>
  app.inject({
    method: 'POST',
    url: '/account/login',
    headers: SPA_HEADERS,
    payload: { email, password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

export const loginAs = async (
  app: App,
  user: { email: string; password: string },
): Promise<TestSession> => {
  const response = await login(app, user.email, user.password);
  if (response.statusCode !== 200) {
    throw new Error(`login of ${user.email} failed: ${response.statusCode} ${response.body}`);
  }
  return sessionFrom(response);
};

/** Re-enters the password on the session, as the console does after a 423; throws unless 200. */
export const confirmPassword = async (app: App, session: TestSession, password: string) => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/password-confirmation',
    headers: session.headers,
    payload: { password },
  });
  if (response.statusCode !== 200) {
    throw new Error(`password confirmation failed: ${response.statusCode} ${response.body}`);
  }
};
