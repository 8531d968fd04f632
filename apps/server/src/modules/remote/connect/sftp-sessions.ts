import { posix } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ERROR_CODES, toApiDate, type SftpEntry } from '@netfleet/contracts';
import type { Client, FileEntryWithStats, SFTPWrapper, Stats } from 'ssh2';
import { ApiError } from '@/lib/api-error';
import type { TunnelHub } from '@/modules/remote/tunnels/tunnel-hub';
import { usableSession } from './session-access';
import type { SessionStore } from './session-store.port';
import { sshLogin, type SshCredential } from './ssh-login';
import type { CredentialVault } from './terminal-relay';
import type { TrafficMeter } from './traffic-meter';

/** An SFTP connection nobody used for this long is closed. */
const IDLE_MS = 5 * 60_000;

interface Open {
  client: Client;
  sftp: SFTPWrapper;
  userId: number;
  expiresAt: Date;
  usedAt: number;
}

const S_IFMT = 0o170000;
const kind = (mode: number): SftpEntry['type'] => {
  const type = mode & S_IFMT;
  if (type === 0o040000) return 'directory';
  if (type === 0o100000) return 'file';
  if (type === 0o120000) return 'link';
  return 'other';
};
const rwx = (mode: number) =>
  [6, 3, 0]
    .map((shift) => {
      const bits = (mode >> shift) & 7;
      return `${bits & 4 ? 'r' : '-'}${bits & 2 ? 'w' : '-'}${bits & 1 ? 'x' : '-'}`;
    })
    .join('');

/** ssh2's SFTP status codes as the console's errors. */
const sftpError = (error: unknown): ApiError => {
  const code = (error as { code?: number }).code;
  const message = (error as Error).message;
  if (code === 2) return new ApiError(404, ERROR_CODES.NOT_FOUND, 'No such file or folder');
  if (code === 3) return new ApiError(403, ERROR_CODES.FORBIDDEN, 'Permission denied');
  return new ApiError(422, ERROR_CODES.DEVICE_ERROR, message || 'The device refused it');
};

const call = <T>(fn: (done: (error: Error | null | undefined, value?: T) => void) => void) =>
  new Promise<T>((resolve, reject) =>
    fn((error, value) => (error ? reject(sftpError(error)) : resolve(value as T))),
  );

/**
 * SFTP sessions: one SSH connection per connect session, held while the file browser is used,
 * opened with the user's credential (typed, or saved if they chose to keep it).
 */
export const createSftpSessions = (deps: {
  sessions: Pick<SessionStore, 'byId' | 'markUsed'>;
  hub: Pick<TunnelHub, 'openStream'>;
  credentials: CredentialVault;
  meter: TrafficMeter;
  now: () => Date;
}) => {
  const open = new Map<number, Open>();
  const drop = (id: number) => {
    open.get(id)?.client.end();
    open.delete(id);
  };
  const sweep = setInterval(() => {
    for (const [id, entry] of open) {
      if (Date.now() - entry.usedAt > IDLE_MS || entry.expiresAt <= deps.now()) drop(id);
    }
  }, 30_000);
  sweep.unref();

  const get = async (userId: number, sessionId: number) => {
    await usableSession(deps.sessions, userId, sessionId, deps.now(), ['sftp', 'ssh', 'cli']);
    const entry = open.get(sessionId);
    if (!entry || entry.userId !== userId) {
      throw new ApiError(409, ERROR_CODES.CONFLICT, 'Sign in to the device first');
    }
    entry.usedAt = Date.now();
    return entry.sftp;
  };

  return {
    async login(
      userId: number,
      sessionId: number,
      input: SshCredential & { use_saved?: boolean | undefined; remember?: boolean | undefined },
      ip: string,
    ) {
      const grant = await usableSession(deps.sessions, userId, sessionId, deps.now(), [
        'sftp',
        'ssh',
        'cli',
      ]);
      const credential = input.use_saved
        ? await deps.credentials.get(userId, grant.deviceId)
        : input;
      if (!credential)
        throw new ApiError(404, ERROR_CODES.NOT_FOUND, 'No saved credentials for this device');
      const stream = await deps.hub.openStream(grant.deviceId, {
        host: grant.host,
        port: grant.port,
      });
      stream.on('data', (chunk: Buffer) => deps.meter.output(grant.id, chunk.length));
      const client = await sshLogin(stream, credential);
      const sftp = await call<SFTPWrapper>((done) => client.sftp(done));
      if (input.remember && !input.use_saved)
        await deps.credentials.save(userId, grant.deviceId, credential);
      drop(sessionId);
      open.set(sessionId, { client, sftp, userId, expiresAt: grant.expiresAt, usedAt: Date.now() });
      client.on('close', () => open.get(sessionId)?.client === client && open.delete(sessionId));
      await deps.sessions.markUsed(grant.id, ip, deps.now());
    },
    async list(userId: number, sessionId: number, path: string): Promise<SftpEntry[]> {
      const sftp = await get(userId, sessionId);
      const entries = await call<FileEntryWithStats[]>((done) => sftp.readdir(path, done));
      return entries
        .filter((e) => e.filename !== '.' && e.filename !== '..')
        .map((e) => ({
          name: e.filename,
          path: posix.join(path, e.filename),
          type: kind(e.attrs.mode),
          size: e.attrs.size,
          modified: e.attrs.mtime ? toApiDate(new Date(e.attrs.mtime * 1000)) : null,
          permissions: rwx(e.attrs.mode),
        }));
    },
    /** Throws unless the session is the user's and signed in. */
    async ready(userId: number, sessionId: number) {
      await get(userId, sessionId);
    },
    async download(userId: number, sessionId: number, path: string) {
      const sftp = await get(userId, sessionId);
      const stats = await call<Stats>((done) => sftp.stat(path, done));
      if (kind(stats.mode) !== 'file')
        throw new ApiError(422, ERROR_CODES.VALIDATION_ERROR, 'Not a file');
      return { size: stats.size, stream: sftp.createReadStream(path) };
    },
    async upload(userId: number, sessionId: number, path: string, source: Readable) {
      const sftp = await get(userId, sessionId);
      let bytes = 0;
      source.on('data', (chunk: Buffer) => (bytes += chunk.length));
      try {
        await pipeline(source, sftp.createWriteStream(path));
      } catch (error) {
        throw sftpError(error);
      }
      deps.meter.input(sessionId, bytes);
      return bytes;
    },
    async rename(userId: number, sessionId: number, from: string, to: string) {
      const sftp = await get(userId, sessionId);
      await call<undefined>((done) => sftp.rename(from, to, done));
    },
    async mkdir(userId: number, sessionId: number, path: string) {
      const sftp = await get(userId, sessionId);
      await call<undefined>((done) => sftp.mkdir(path, done));
    },
    async remove(userId: number, sessionId: number, path: string) {
      const sftp = await get(userId, sessionId);
      const stats = await call<Stats>((done) => sftp.lstat(path, done));
      if (kind(stats.mode) === 'directory') await call<undefined>((done) => sftp.rmdir(path, done));
      else await call<undefined>((done) => sftp.unlink(path, done));
    },
    close() {
      clearInterval(sweep);
      for (const id of [...open.keys()]) drop(id);
    },
  };
};

export type SftpSessions = ReturnType<typeof createSftpSessions>;
