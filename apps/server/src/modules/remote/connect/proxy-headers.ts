import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import {
  ACCESS_COOKIE,
  REFRESH_COOKIE,
  XSRF_COOKIE,
} from '@/modules/identity/auth/session-cookies';
import { WEBUI_COOKIE } from './webui-cookie';

/**
 * Never forwarded to a device: the proxy's own cookie, and the console's session cookies should a
 * browser send them to a session origin (a PROXY_DOMAIN under the console's domain).
 */
const PRIVATE_COOKIES = [WEBUI_COOKIE, ACCESS_COOKIE, REFRESH_COOKIE, XSRF_COOKIE];

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'http2-settings',
]);

/** The browser's request headers as the device should see them: its own Host, no proxy cookie. */
export const requestHeadersForDevice = (
  headers: IncomingHttpHeaders,
  deviceHost: string,
  proxyOrigin: string,
  deviceOrigin: string,
): OutgoingHttpHeaders => {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || name.startsWith('x-forwarded-')) continue;
    out[name] = value;
  }
  out.host = deviceHost;
  // Device UIs check Origin/Referer against their own address (CSRF protection).
  if (typeof headers.origin === 'string' && headers.origin === proxyOrigin)
    out.origin = deviceOrigin;
  if (typeof headers.referer === 'string' && headers.referer.startsWith(proxyOrigin)) {
    out.referer = deviceOrigin + headers.referer.slice(proxyOrigin.length);
  }
  const cookies = (headers.cookie ?? '')
    .split(';')
    .map((c) => c.trim())
    .filter((c) => c && !PRIVATE_COOKIES.some((name) => c.startsWith(`${name}=`)));
  if (cookies.length > 0) out.cookie = cookies.join('; ');
  else delete out.cookie;
  out.connection = 'close';
  return out;
};

/** The device's response headers as the browser should see them on the session's origin. */
export const responseHeadersForBrowser = (
  headers: IncomingHttpHeaders,
  deviceOrigins: readonly string[],
): OutgoingHttpHeaders => {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    out[name] = value;
  }
  // A redirect to the device's own address (http://192.168.1.1/...) stays on the session origin.
  const location = headers.location;
  if (typeof location === 'string') {
    const origin = deviceOrigins.find((o) => location === o || location.startsWith(`${o}/`));
    if (origin) out.location = location.slice(origin.length) || '/';
  }
  const setCookie = headers['set-cookie'];
  if (setCookie) {
    out['set-cookie'] = setCookie
      // The proxy's cookie is not the device's to set; a Domain would not match the origin.
      .filter((c) => !PRIVATE_COOKIES.some((name) => c.trim().startsWith(`${name}=`)))
      .map((c) => c.replace(/;\s*domain=[^;]*/gi, ''));
  }
  return out;
};
