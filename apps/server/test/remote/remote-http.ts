import { request } from 'node:http';
import WebSocket from 'ws';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A real HTTP request to the listening console with any Host (web UI origins on loopback). */
export const httpGet = (
  base: string,
  host: string,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
  body?: string,
): Promise<RawResponse> =>
  new Promise((resolve, reject) => {
    const url = new URL(path, base);
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        headers: { host, ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });

/** The `name=value` of a Set-Cookie answer. */
export const setCookie = (response: RawResponse, name: string): string | undefined => {
  const cookies = response.headers['set-cookie'] ?? [];
  const line = (Array.isArray(cookies) ? cookies : [cookies]).find((c) => c.startsWith(`${name}=`));
  return line?.split(';')[0];
};

/** A browser terminal: collects screen bytes and control messages. */
export const openTerminal = (base: string, sessionId: number, cookie: string) => {
  const ws = new WebSocket(
    `${base.replace(/^http/, 'ws')}/api/connect/sessions/${sessionId}/terminal`,
    {
      headers: { cookie, origin: base },
    },
  );
  let screen = '';
  const messages: { type: string; message?: string; reason?: string }[] = [];
  ws.on('message', (data: Buffer, binary) => {
    if (binary) screen += data.toString();
    else messages.push(JSON.parse(data.toString()) as { type: string });
  });
  const until = async (check: () => boolean, what: string, ms = 10_000) => {
    const deadline = Date.now() + ms;
    while (!check()) {
      if (Date.now() > deadline)
        throw new Error(
          `timed out waiting for ${what}; screen: ${screen.slice(-300)}; messages: ${JSON.stringify(messages)}`,
        );
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return {
    ws,
    messages,
    screen: () => screen,
    opened: new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) =>
        reject(new Error(`upgrade answered ${res.statusCode}`)),
      );
    }),
    start: (message: object) =>
      ws.send(JSON.stringify({ type: 'start', cols: 100, rows: 30, ...message })),
    type: (text: string) => ws.send(Buffer.from(text), { binary: true }),
    until,
    message: (type: string) =>
      until(() => messages.some((m) => m.type === type), `a ${type} message`),
  };
};
