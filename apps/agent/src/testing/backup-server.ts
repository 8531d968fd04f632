import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

// A stand-in for the server's side of device backups and files in tests: it takes uploads (PUT)
// and answers as it is told, and serves files to download (GET).

export interface Upload {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface BackupServer {
  base: string;
  /** Every request it got but the downloads, in order. */
  uploads: Upload[];
  /** The paths of the served files it was asked for, in order. */
  downloads: string[];
  /** What the next uploads are answered (default 200 with an upload answer). */
  answer: { status: number; body: string };
  /** Serves `bytes` at a new path: the args of a `backup_restore` job for it. */
  serve(bytes: Uint8Array): { url: string; size: number; sha256: string; name: string };
  close(): Promise<void>;
}

export const UPLOAD_ANSWER = { file_id: 7, name: 'backup.tar.gz', size: 1, sha256: 'f'.repeat(64) };

export const startBackupServer = async (): Promise<BackupServer> => {
  const files = new Map<string, Uint8Array>();
  const server: BackupServer = {
    base: '',
    uploads: [],
    downloads: [],
    answer: { status: 200, body: JSON.stringify(UPLOAD_ANSWER) },
    serve(bytes) {
      const path = `/files/${files.size + 1}/backup.tar.gz`;
      files.set(path, bytes);
      return {
        url: `${server.base}${path}`,
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        name: 'backup.tar.gz',
      };
    },
    close: () => new Promise((resolve) => http.close(() => resolve())),
  };
  const http = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const file = files.get(request.url ?? '');
      if (request.method === 'GET' && file) {
        server.downloads.push(request.url ?? '');
        response.end(file);
        return;
      }
      server.uploads.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
      response.writeHead(server.answer.status, { 'content-type': 'application/json' });
      response.end(server.answer.body);
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  server.base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return server;
};
