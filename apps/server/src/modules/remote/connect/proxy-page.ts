import type { ServerResponse } from 'node:http';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The proxy's own answer on a web UI origin (refused, expired, device unreachable). */
export const proxyPage = (response: ServerResponse, status: number, message: string) => {
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>netfleet remote access</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:90vh;color:#222}
main{max-width:32rem;padding:2rem;border:1px solid #ddd;border-radius:8px}h1{font-size:1.2rem}</style></head>
<body><main data-testid="proxy-error"><h1>Remote access</h1><p>${escapeHtml(message)}</p></main></body></html>`;
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
};
