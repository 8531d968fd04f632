import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { connect as tlsConnect } from 'node:tls';
import { REMOTE_ACCESS_MESSAGES } from '@netfleet/contracts';
import { ApiError } from '@/lib/api-error';
import type { TunnelHub } from '@/modules/remote/tunnels/tunnel-hub';
import type { CookieParser } from './browser-auth';
import { proxyPage } from './proxy-page';
import { requestHeadersForDevice, responseHeadersForBrowser } from './proxy-headers';
import { checkActive } from './session-access';
import type { SessionGrant, SessionStore } from './session-store.port';
import type { TrafficMeter } from './traffic-meter';
import { WEBUI_COOKIE, createWebuiCookies } from './webui-cookie';

export const LAUNCH_PATH = '/__nf/launch';
const HOST_TOKEN = /^[0-9a-f]{32}$/;

export interface WebuiProxyDeps {
  sessions: Pick<SessionStore, 'byHostToken' | 'consumeLaunchCode' | 'markUsed'>;
  hub: Pick<TunnelHub, 'openStream'>;
  meter: TrafficMeter;
  secret: string;
  parseCookie: CookieParser;
  proxyDomain: string;
  secureCookies: boolean;
  now: () => Date;
  log: { warn: (o: object, m: string) => void };
}

const deviceAddress = (grant: SessionGrant) => {
  const scheme = grant.protocol === 'https' ? 'https' : 'http';
  const defaultPort = scheme === 'https' ? 443 : 80;
  const host = grant.port === defaultPort ? grant.host : `${grant.host}:${grant.port}`;
  return { scheme, host, origin: `${scheme}://${host}` };
};

/**
 * A device's web UI on its own origin, `<host token>.<proxy domain>`: each session gets a
 * separate origin, so the device's absolute links, cookies and scripts work unmodified and one
 * session's pages cannot read another's. Requests go through the device's tunnel, one stream
 * each.
 */
export const createWebuiProxy = (deps: WebuiProxyDeps) => {
  const cookies = createWebuiCookies(deps.secret);
  const suffix = `.${deps.proxyDomain}`;

  /** The session token when the request is for a web UI origin, else null. */
  const hostToken = (request: IncomingMessage): string | null => {
    const host = (request.headers.host ?? '').toLowerCase().replace(/:\d+$/, '');
    if (!host.endsWith(suffix)) return null;
    const label = host.slice(0, -suffix.length);
    return HOST_TOKEN.test(label) ? label : null;
  };

  const launch = async (token: string, url: URL, response: ServerResponse, ip: string) => {
    const grant = await deps.sessions.consumeLaunchCode(
      token,
      url.searchParams.get('code') ?? '',
      deps.now(),
    );
    if (!grant) return proxyPage(response, 403, REMOTE_ACCESS_MESSAGES.linkForeign);
    checkActive(grant, deps.now());
    await deps.sessions.markUsed(grant.id, ip, deps.now());
    const secure = deps.secureCookies ? '; Secure' : '';
    response.writeHead(302, {
      location: '/',
      'set-cookie': `${WEBUI_COOKIE}=${cookies.issue(grant.id, grant.expiresAt)}; Path=/; HttpOnly; SameSite=Lax${secure}`,
      'cache-control': 'no-store',
    });
    response.end();
  };

  /** The session this browser may use on this origin; answers the refusal itself otherwise. */
  const authorise = async (token: string, request: IncomingMessage): Promise<SessionGrant> => {
    const grant = await deps.sessions.byHostToken(token);
    if (!grant) throw new ApiError(404, 'NOT_FOUND', REMOTE_ACCESS_MESSAGES.sessionNotFound);
    checkActive(grant, deps.now());
    const cookie = deps.parseCookie(request.headers.cookie ?? '')[WEBUI_COOKIE];
    if (!cookies.verify(cookie, grant.id, deps.now())) {
      throw new ApiError(401, 'UNAUTHORIZED', REMOTE_ACCESS_MESSAGES.linkForeign);
    }
    return grant;
  };

  /** A stream to the device's web server, TLS-wrapped for https targets (devices self-sign). */
  const deviceStream = async (grant: SessionGrant): Promise<Duplex> => {
    const stream = await deps.hub.openStream(grant.deviceId, {
      host: grant.host,
      port: grant.port,
    });
    if (grant.protocol !== 'https') return stream;
    return tlsConnect({ socket: stream, rejectUnauthorized: false });
  };

  const forward = async (
    grant: SessionGrant,
    request: IncomingMessage,
    response: ServerResponse,
  ) => {
    const device = deviceAddress(grant);
    const proxyOrigin = `${request.headers['x-forwarded-proto'] === 'https' ? 'https' : 'http'}://${request.headers.host}`;
    const stream = await deviceStream(grant);
    const upstream = httpRequest({
      createConnection: () => stream as never,
      method: request.method,
      path: request.url,
      headers: requestHeadersForDevice(request.headers, device.host, proxyOrigin, device.origin),
    });
    request.on('data', (chunk: Buffer) => deps.meter.input(grant.id, chunk.length));
    upstream.on('response', (answer) => {
      response.writeHead(
        answer.statusCode ?? 502,
        answer.statusMessage,
        responseHeadersForBrowser(answer.headers, [
          device.origin,
          `${device.scheme}://${grant.host}`,
        ]),
      );
      answer.on('data', (chunk: Buffer) => deps.meter.output(grant.id, chunk.length));
      answer.pipe(response);
    });
    upstream.on('error', (error) => {
      deps.log.warn({ err: error, session: grant.id }, 'web UI request failed');
      if (!response.headersSent) proxyPage(response, 502, REMOTE_ACCESS_MESSAGES.tunnelClosed);
      else response.destroy();
    });
    response.on('close', () => stream.destroy());
    request.pipe(upstream);
  };

  return {
    hostToken,
    /** Answers a request for a web UI origin (hostToken(request) is not null). */
    async handle(request: IncomingMessage, response: ServerResponse, ip: string) {
      const token = hostToken(request) as string;
      try {
        const url = new URL(request.url ?? '/', 'http://proxy');
        if (url.pathname === LAUNCH_PATH) return await launch(token, url, response, ip);
        const grant = await authorise(token, request);
        await forward(grant, request, response);
      } catch (error) {
        const status = error instanceof ApiError ? error.statusCode : 502;
        const message =
          error instanceof ApiError ? error.message : REMOTE_ACCESS_MESSAGES.tunnelClosed;
        if (!(error instanceof ApiError)) deps.log.warn({ err: error }, 'web UI proxy failed');
        if (!response.headersSent) proxyPage(response, status, message);
      }
    },
    /** WebSockets of the device's UI, relayed as raw bytes once authorised. */
    async upgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
      const token = hostToken(request) as string;
      socket.on('error', () => socket.destroy());
      try {
        const grant = await authorise(token, request);
        const device = deviceAddress(grant);
        const stream = await deviceStream(grant);
        const headers = requestHeadersForDevice(request.headers, device.host, '', device.origin);
        headers.connection = 'Upgrade';
        headers.upgrade = request.headers.upgrade ?? 'websocket';
        const lines = Object.entries(headers).map(([k, v]) => `${k}: ${String(v)}`);
        stream.write(
          `${request.method ?? 'GET'} ${request.url ?? '/'} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`,
        );
        if (head.length) stream.write(head);
        stream.on('error', () => socket.destroy());
        socket.on('close', () => stream.destroy());
        stream.on('data', (chunk: Buffer) => deps.meter.output(grant.id, chunk.length));
        socket.on('data', (chunk: Buffer) => deps.meter.input(grant.id, chunk.length));
        stream.pipe(socket);
        socket.pipe(stream);
      } catch (error) {
        const status = error instanceof ApiError ? error.statusCode : 502;
        socket.end(`HTTP/1.1 ${status} Refused\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      }
    },
  };
};

export type WebuiProxy = ReturnType<typeof createWebuiProxy>;
