import { execFile } from 'node:child_process';
import { constants, existsSync } from 'node:fs';
import { open, statfs } from 'node:fs/promises';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import mqtt from 'mqtt';
import { createTransport } from 'nodemailer';
import type { Config } from '@/config';
import { createDatabase } from '@/db/client';
import { dataDirLockOwner } from '@/db/data-dir-lock';
import { randomToken } from '@/lib/crypto';
import { closeRedis, connectRedis } from '@/redis/client';
import { pendingMigrations } from './migration-status';

export type PortState = 'free' | 'in-use' | 'no-privilege' | 'bad-host';

export type DatabaseState =
  | { state: 'ok'; pending: string[] }
  | { state: 'unreachable'; message: string }
  /** The embedded database is open in a running server (pid), so it cannot be looked into. */
  | { state: 'in-use'; pid: number }
  /** No embedded database in DATA_DIR yet: the first start creates it. */
  | { state: 'absent' };

/** What the doctor asks the machine; tests pass their own answers. Failures reject with why. */
export interface DoctorProbes {
  portState(host: string, port: number): Promise<PortState>;
  /** Whether a netfleet server answers its health check at this base URL. */
  netfleetAnswers(baseUrl: string): Promise<boolean>;
  database(config: Config): Promise<DatabaseState>;
  mqttConnect(url: string): Promise<void>;
  redisPing(url: string): Promise<void>;
  /** Connects, greets (EHLO) and, with credentials in the URL, logs in. */
  smtpVerify(url: string): Promise<void>;
  /** Bytes free to this user on the file system holding `dir` (or its nearest existing parent). */
  diskFree(dir: string): Promise<number>;
  openTun(): Promise<void>;
  /** `<binary> --version`'s OpenVPN version, or null when the binary cannot be started. */
  openvpnVersion(binary: string): Promise<string | null>;
}

const portState = (host: string, port: number) =>
  new Promise<PortState>((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') resolve('in-use');
      else if (error.code === 'EACCES') resolve('no-privilege');
      else if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND') resolve('bad-host');
      else reject(error);
    });
    server.listen({ host, port, exclusive: true }, () => server.close(() => resolve('free')));
  });

const netfleetAnswers = async (baseUrl: string) => {
  try {
    const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(3000) });
    const body = (await response.json()) as { status?: unknown };
    return response.ok && body.status === 'ok';
  } catch {
    return false;
  }
};

const database = async (config: Config): Promise<DatabaseState> => {
  if (!config.databaseUrl) {
    const pid = dataDirLockOwner(config.dataDir);
    if (pid !== null) return { state: 'in-use', pid };
    // Opening would initialise a new database; the doctor only looks.
    if (!existsSync(join(config.dataDir, 'pglite'))) return { state: 'absent' };
  }
  let handle;
  try {
    handle = await createDatabase(config);
  } catch (error) {
    return { state: 'unreachable', message: (error as Error).message };
  }
  try {
    return { state: 'ok', pending: await pendingMigrations(handle.db) };
  } finally {
    await handle.close();
  }
};

const mqttConnect = async (url: string) => {
  const client = await mqtt.connectAsync(url, {
    clientId: `netfleet-doctor-${randomToken(6)}`,
    connectTimeout: 5000,
    reconnectPeriod: 0,
  });
  await client.endAsync();
};

const redisPing = async (url: string) => {
  const client = await connectRedis(url);
  try {
    await client.ping();
  } finally {
    await closeRedis(client);
  }
};

const smtpVerify = async (url: string) => {
  const transport = createTransport(url);
  try {
    await transport.verify();
  } finally {
    transport.close();
  }
};

const diskFree = async (dir: string) => {
  let existing = dir;
  while (!existsSync(existing) && dirname(existing) !== existing) existing = dirname(existing);
  const stats = await statfs(existing);
  return stats.bavail * stats.bsize;
};

const openTun = async () => {
  const handle = await open('/dev/net/tun', constants.O_RDWR);
  await handle.close();
};

// OpenVPN exits non-zero after printing its version, so only a failure to start means "absent".
const openvpnVersion = (binary: string) =>
  new Promise<string | null>((resolve) => {
    execFile(binary, ['--version'], { timeout: 5000 }, (error, stdout, stderr) => {
      if (typeof (error as NodeJS.ErrnoException | null)?.code === 'string') resolve(null);
      else resolve(/OpenVPN (\d+\.\d+[.\w-]*)/.exec(`${stdout}${stderr}`)?.[1] ?? null);
    });
  });

export const systemDoctorProbes: DoctorProbes = {
  portState,
  netfleetAnswers,
  database,
  mqttConnect,
  redisPing,
  smtpVerify,
  diskFree,
  openTun,
  openvpnVersion,
};
