import { chmod, rm } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { type BackupSource, writeBackup } from './write-backup';

/**
 * DATA_DIR/netfleet.sock: how `netfleet backup` gets a snapshot of the embedded database, which
 * only the server holding it can read. One request line (`backup`), then one answer line (`ok`
 * or `error <message>`) and after `ok` the archive until the connection ends.
 */
export const adminSocketPath = (dataDir: string) => join(dataDir, 'netfleet.sock');

/** Unix socket paths are limited to 107 bytes on Linux. */
const MAX_SOCKET_PATH = 107;

export interface AdminSocket {
  close(): Promise<void>;
}

const readRequest = (socket: Socket): Promise<string> =>
  new Promise((resolve, reject) => {
    let received = '';
    const onData = (chunk: Buffer) => {
      received += chunk.toString('utf8');
      const end = received.indexOf('\n');
      if (end !== -1) {
        socket.off('data', onData);
        resolve(received.slice(0, end).trim());
      } else if (received.length > 1024) reject(new Error('request line too long'));
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.once('end', () => reject(new Error('no request')));
  });

const serve = async (socket: Socket, source: BackupSource, log: FastifyBaseLogger) => {
  const request = await readRequest(socket);
  if (request !== 'backup') {
    socket.end(`error unknown request ${JSON.stringify(request.slice(0, 40))}\n`);
    return;
  }
  socket.write('ok\n');
  const started = Date.now();
  const manifest = await writeBackup(source, socket);
  log.info(
    { ms: Date.now() - started, tables: Object.keys(manifest.tables).length },
    'backup written to netfleet backup',
  );
};

/** Listens on DATA_DIR/netfleet.sock (mode 0600); null when the path is too long for a socket. */
export const startAdminSocket = async (
  source: BackupSource,
  log: FastifyBaseLogger,
): Promise<AdminSocket | null> => {
  const path = adminSocketPath(source.dataDir);
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH) {
    log.warn(
      { path },
      'DATA_DIR is too long for the admin socket: netfleet backup cannot run online',
    );
    return null;
  }
  const connections = new Set<Socket>();
  const server = createServer((socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
    serve(socket, source, log).catch((error: unknown) => {
      log.error({ err: error }, 'backup over the admin socket failed');
      // A cut connection: the client finds the archive incomplete and says the backup failed.
      socket.destroy();
    });
  });
  // Left by a process that was killed: this one holds DATA_DIR now (the pid lock).
  await rm(path, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve());
  });
  await chmod(path, 0o600);
  return {
    async close() {
      for (const socket of connections) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(path, { force: true });
    },
  };
};
