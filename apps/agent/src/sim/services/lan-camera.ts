import http from 'node:http';
import type { Duplex } from 'node:stream';

// A LAN host behind the device (192.168.1.10), reached through the device's tunnel. Its page
// loads a stylesheet and an image by absolute path, as embedded web servers do.

const PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>IP camera</title>
<link rel="stylesheet" href="/static/camera.css">
</head>
<body>
<div data-testid="sim-lan-host">
<h1>IP camera</h1>
<p>Live view · 192.168.1.10</p>
<img src="/static/snapshot.svg" alt="Camera snapshot" width="320" height="180">
</div>
</body>
</html>
`;

const CSS = `body { margin: 0; background: #111; color: #eee; font-family: sans-serif; }
[data-testid="sim-lan-host"] { max-width: 340px; margin: 2rem auto; }
img { display: block; border: 2px solid #444; }
`;

const SNAPSHOT = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180" viewBox="0 0 320 180">
<rect width="320" height="180" fill="#264653"/>
<rect x="40" y="100" width="240" height="60" fill="#2a9d8f"/>
<circle cx="250" cy="45" r="22" fill="#e9c46a"/>
<text x="12" y="22" fill="#fff" font-family="monospace" font-size="14">CAM-01 REC</text>
</svg>
`;

const FILES: Record<string, [string, string]> = {
  '/': ['text/html; charset=utf-8', PAGE],
  '/index.html': ['text/html; charset=utf-8', PAGE],
  '/static/camera.css': ['text/css; charset=utf-8', CSS],
  '/static/snapshot.svg': ['image/svg+xml', SNAPSHOT],
};

export const createLanCamera = () => {
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://camera').pathname;
    const file = Object.hasOwn(FILES, path) ? FILES[path] : undefined;
    const [status, type, body] = !file
      ? [404, 'text/plain', 'Not found\n']
      : req.method !== 'GET' && req.method !== 'HEAD'
        ? [405, 'text/plain', 'Method not allowed\n']
        : [200, ...file];
    res.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
  });
  server.on('clientError', (_error, socket: Duplex) => socket.destroy());
  return (stream: Duplex): void => {
    server.emit('connection', stream);
  };
};
