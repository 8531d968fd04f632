import { randomBytes } from 'node:crypto';
import {
  chmod,
  mkdir,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { join } from 'node:path';
import type { HubFiles } from './hub-files';
import type { HubFilePaths } from './openvpn-config';

const readText = (file: string) =>
  readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });

/** The files a previous apply left (null when there is no server.conf yet). */
export const readHubFiles = async (
  paths: HubFilePaths,
  names: string[],
): Promise<HubFiles | null> => {
  const server: Record<string, string> = {};
  for (const name of names) {
    const content = await readText(join(paths.dir, name));
    if (content !== null) server[name] = content;
  }
  if (!('server.conf' in server)) return null;
  const ccd: Record<string, string> = {};
  const entries = await readdir(paths.ccd).catch(() => [] as string[]);
  for (const name of entries) {
    const content = await readText(join(paths.ccd, name));
    if (content !== null) ccd[name] = content;
  }
  return { server, crl: (await readText(paths.crl)) ?? '', ccd };
};

/** Keys and client files are for the hub's process only. */
const writeAtomic = async (file: string, content: string) => {
  const temp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temp, content, { mode: 0o600 });
  await rename(temp, file);
};

/**
 * OpenVPN reloads the CRL when its mtime or size changes, and mtime is read in whole seconds: a
 * new CRL of the same size written within the same second would go unnoticed, so its mtime is
 * moved past the old one's.
 */
const writeCrl = async (file: string, content: string) => {
  const before = await stat(file).catch(() => null);
  await writeAtomic(file, content);
  if (before && Math.floor(before.mtimeMs / 1000) >= Math.floor(Date.now() / 1000)) {
    const later = new Date((Math.floor(before.mtimeMs / 1000) + 1) * 1000);
    await utimes(file, later, later);
  }
};

/** Writes what differs from `previous`, each file whole (temp + rename), and drops stale ccd files. */
export const writeHubFiles = async (
  paths: HubFilePaths,
  files: HubFiles,
  previous: HubFiles | null,
) => {
  await mkdir(paths.ccd, { recursive: true, mode: 0o700 });
  // mkdir's mode applies only to folders it creates; an existing one is tightened too.
  await chmod(paths.dir, 0o700);
  await chmod(paths.ccd, 0o700);
  for (const [name, content] of Object.entries(files.server)) {
    if (previous?.server[name] !== content) await writeAtomic(join(paths.dir, name), content);
  }
  if (previous?.crl !== files.crl) await writeCrl(paths.crl, files.crl);
  for (const [commonName, content] of Object.entries(files.ccd)) {
    if (previous?.ccd[commonName] !== content)
      await writeAtomic(join(paths.ccd, commonName), content);
  }
  for (const commonName of Object.keys(previous?.ccd ?? {})) {
    if (!(commonName in files.ccd)) await rm(join(paths.ccd, commonName), { force: true });
  }
};
