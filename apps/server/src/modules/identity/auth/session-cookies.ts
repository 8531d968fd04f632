import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomToken } from '@/lib/crypto';
import { ACCESS_TOKEN_TTL_SECONDS } from './access-token';
import type { IssuedTokens } from './session.service';
import { REFRESH_TOKEN_TTL_SECONDS } from './session.service';

export const ACCESS_COOKIE = 'nf_access';
export const REFRESH_COOKIE = 'nf_refresh';
/** Double-submit XSRF cookie, readable by the SPA, echoed as X-XSRF-TOKEN (spec §7 General). */
export const XSRF_COOKIE = 'RMS-XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
/** The refresh cookie only travels to the account service. */
const REFRESH_PATH = '/account';

export interface CookieSettings {
  /** Secure cookies when PUBLIC_URL is https. */
  secure: boolean;
}

export const setXsrfCookie = (reply: FastifyReply, settings: CookieSettings) =>
  reply.setCookie(XSRF_COOKIE, randomToken(), {
    path: '/',
    sameSite: 'lax',
    secure: settings.secure,
    httpOnly: false,
    maxAge: REFRESH_TOKEN_TTL_SECONDS,
  });

export const setSessionCookies = (
  reply: FastifyReply,
  tokens: IssuedTokens,
  settings: CookieSettings,
) => {
  reply.setCookie(ACCESS_COOKIE, tokens.access.token, {
    path: '/',
    sameSite: 'lax',
    secure: settings.secure,
    httpOnly: true,
    maxAge: ACCESS_TOKEN_TTL_SECONDS,
  });
  if (tokens.refreshToken) {
    reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, {
      path: REFRESH_PATH,
      sameSite: 'strict',
      secure: settings.secure,
      httpOnly: true,
      maxAge: REFRESH_TOKEN_TTL_SECONDS,
    });
  }
};

export const clearSessionCookies = (reply: FastifyReply, settings: CookieSettings) => {
  reply.clearCookie(ACCESS_COOKIE, { path: '/', secure: settings.secure });
  reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_PATH, secure: settings.secure });
  reply.clearCookie(XSRF_COOKIE, { path: '/', secure: settings.secure });
};

export const sessionCookies = (request: FastifyRequest) => ({
  ...(request.cookies[ACCESS_COOKIE] ? { access: request.cookies[ACCESS_COOKIE] } : {}),
  ...(request.cookies[REFRESH_COOKIE] ? { refresh: request.cookies[REFRESH_COOKIE] } : {}),
});
