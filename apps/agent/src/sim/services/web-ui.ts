import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { SimDevice } from '../sim-device.ts';
import { WEB_USER } from './credentials.ts';
import { WEB_UI_CSS, WEB_UI_JS } from './web-ui-assets.ts';
import {
  INTERFACES_PATH,
  LOGIN_PATH,
  LOGOUT_PATH,
  OVERVIEW_PATH,
  RPC_STATUS_PATH,
  formatUptime,
  interfacesPage,
  localTime,
  loginPage,
  notFoundPage,
  overviewPage,
} from './web-ui-pages.ts';

const COOKIE = 'sysauth_http';
/** LuCI's default session lifetime. */
const SESSION_MS = 3600_000;
/** Sessions kept per device; logging in more often drops the oldest. */
const MAX_SESSIONS = 16;
const MAX_FORM_BYTES = 16 * 1024;

const HTML = 'text/html; charset=utf-8';

type Handler = (device: SimDevice, res: ServerResponse) => void;

const send = (
  res: ServerResponse,
  status: number,
  type: string,
  body: string,
  headers: http.OutgoingHttpHeaders = {},
) => {
  res.writeHead(status, {
    'Content-Type': type,
    // A proxy that rewrites bodies has to fix this length.
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-cache',
    ...headers,
  });
  res.end(body);
};

/** An absolute-path Location, as LuCI sends: a proxy under a prefix must rewrite it. */
const redirect = (
  res: ServerResponse,
  location: string,
  headers: http.OutgoingHttpHeaders = {},
) => {
  res.writeHead(302, {
    Location: location,
    'Content-Length': 0,
    'Cache-Control': 'no-cache',
    ...headers,
  });
  res.end();
};

const readForm = async (req: IncomingMessage): Promise<URLSearchParams> => {
  let body = '';
  req.setEncoding('utf8');
  for await (const chunk of req) {
    body += chunk as string;
    if (body.length > MAX_FORM_BYTES) throw new Error('form too large');
  }
  return new URLSearchParams(body);
};

const cookieOf = (req: IncomingMessage, name: string): string | undefined => {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
};

const pages: Record<string, Handler> = {
  [OVERVIEW_PATH]: (device, res) => send(res, 200, HTML, overviewPage(device)),
  [INTERFACES_PATH]: (device, res) => send(res, 200, HTML, interfacesPage(device)),
  [RPC_STATUS_PATH]: (device, res) =>
    send(
      res,
      200,
      'application/json',
      JSON.stringify({
        model: device.model,
        serial: device.serial,
        firmware: device.firmware,
        uptime: device.uptime(),
        uptimeText: formatUptime(device.uptime()),
        localtime: localTime(device),
        temperature: device.temperature / 10,
        wan: { rx: device.wanRx, tx: device.wanTx },
        lan: { rx: device.lanRx, tx: device.lanTx },
      }),
    ),
};

const assets: Record<string, [string, string]> = {
  '/luci-static/netfleet-sim.css': ['text/css; charset=utf-8', WEB_UI_CSS],
  '/luci-static/app.js': ['text/javascript; charset=utf-8', WEB_UI_JS],
};

/**
 * A small LuCI-like web UI: login with a session cookie (Path=/), pages and assets under absolute
 * paths, absolute redirects and a same-origin JSON RPC: what a reverse proxy has to get right.
 */
export const createWebUi = () => {
  // The tunnel's stream is the request's socket: that is how a request knows its device.
  const devices = new WeakMap<Duplex, SimDevice>();
  const sessions = new WeakMap<SimDevice, Map<string, number>>();

  const sessionOf = (device: SimDevice, req: IncomingMessage): string | undefined => {
    const token = cookieOf(req, COOKIE);
    const expires = token ? sessions.get(device)?.get(token) : undefined;
    return token && expires && expires > Date.now() ? token : undefined;
  };

  const startSession = (device: SimDevice): string => {
    const live = sessions.get(device) ?? new Map<string, number>();
    sessions.set(device, live);
    for (const [token, expires] of live) if (expires <= Date.now()) live.delete(token);
    while (live.size >= MAX_SESSIONS) live.delete(live.keys().next().value as string);
    const token = randomBytes(16).toString('hex');
    live.set(token, Date.now() + SESSION_MS);
    return token;
  };

  const login = async (device: SimDevice, req: IncomingMessage, res: ServerResponse) => {
    const form = await readForm(req);
    if (
      form.get('luci_username') !== WEB_USER ||
      !device.adminPasswordMatches(form.get('luci_password') ?? '')
    ) {
      // LuCI answers a failed login with 403 and the form again.
      return send(
        res,
        403,
        HTML,
        loginPage(device, 'Invalid username and/or password! Please try again.'),
      );
    }
    const token = startSession(device);
    redirect(res, OVERVIEW_PATH, {
      'Set-Cookie': `${COOKIE}=${token}; Path=/; HttpOnly; SameSite=Strict`,
    });
  };

  const route = async (device: SimDevice, req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://device').pathname;
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    if (path === LOGIN_PATH && method === 'POST') return login(device, req, res);
    if (method !== 'GET')
      return send(res, 405, 'text/plain', 'Method not allowed\n', { Allow: 'GET, HEAD' });
    const asset = Object.hasOwn(assets, path) ? assets[path] : undefined;
    if (asset) return send(res, 200, asset[0], asset[1]);
    if (path === '/' || path === '/index.html') return redirect(res, LOGIN_PATH);
    const session = sessionOf(device, req);
    if (path === LOGIN_PATH)
      return session ? redirect(res, OVERVIEW_PATH) : send(res, 200, HTML, loginPage(device));
    if (path === LOGOUT_PATH) {
      if (session) sessions.get(device)?.delete(session);
      return redirect(res, LOGIN_PATH, {
        'Set-Cookie': `${COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict`,
      });
    }
    const page = Object.hasOwn(pages, path) ? pages[path] : undefined;
    if (path.startsWith(`${LOGIN_PATH}/`) && !session) {
      // Scripts get a status they can show; browsers are sent to the login form.
      if (path === RPC_STATUS_PATH)
        return send(res, 403, 'application/json', '{"error":"login required"}');
      return redirect(res, LOGIN_PATH);
    }
    if (page) return page(device, res);
    send(res, 404, HTML, notFoundPage(device));
  };

  const server = http.createServer((req, res) => {
    const device = devices.get(req.socket);
    if (!device) return void res.destroy();
    route(device, req, res).catch(() => {
      if (!res.headersSent) send(res, 400, 'text/plain', 'Bad request\n');
      else res.destroy();
    });
  });
  // Malformed requests and dropped tunnels end that connection only.
  server.on('clientError', (_error, socket: Duplex) => socket.destroy());

  return (device: SimDevice, stream: Duplex): void => {
    devices.set(stream, device);
    server.emit('connection', stream);
  };
};
