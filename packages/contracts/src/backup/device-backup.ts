import { z } from 'zod';
import { type ConfigChange, type DeviceConfig, diffConfigResults } from '../device-config.ts';
import { idSchema } from '../list.ts';
import { readTar, type TarEntry } from './tar.ts';
import { parseUciText, toUciText } from './uci-text.ts';

// Device backups: a gzipped tar of the device's configuration, as RutOS makes them (the UCI files
// under etc/config, plus whatever else the device keeps). Devices upload them to a signed link
// (`backup_export`) and download one to restore (`backup_restore`).

export const BACKUP_CONFIG_DIR = 'etc/config';
/** The largest backup a device may upload. */
export const BACKUP_MAX_BYTES = 10 * 1024 * 1024;

export const BACKUP_MESSAGES = {
  notTar: 'The file is not a backup (a gzipped tar archive)',
  badUci: (path: string) => `${path} is not a UCI configuration file`,
  tooLarge: `A backup may be at most ${BACKUP_MAX_BYTES / 1024 / 1024} MiB`,
  notBackup: 'The file is not a configuration backup',
} as const;

/** `backup_export`: the device PUTs its backup (application/gzip) to `upload_url`. */
export const backupExportArgsSchema = z.object({
  upload_url: z.url({ protocol: /^https?$/ }),
  max_size: z.number().int().positive().max(BACKUP_MAX_BYTES),
});
export type BackupExportArgs = z.infer<typeof backupExportArgsSchema>;

/**
 * The headers of the upload PUT. X-Requested-With is what every unauthenticated write to the
 * server must carry (a browser form cannot set it).
 */
export const BACKUP_UPLOAD_HEADERS = {
  'content-type': 'application/gzip',
  'x-requested-with': 'netfleet-device',
} as const;

/** What the upload answered, which the device repeats as the JSON `result` of its ack. */
export const backupUploadAnswerSchema = z.object({
  file_id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  sha256: z.string(),
});
export type BackupUploadAnswer = z.infer<typeof backupUploadAnswerSchema>;

/** `backup_restore`: the device downloads the backup, checks it, applies it and restarts. */
export const backupRestoreArgsSchema = z.object({
  url: z.url({ protocol: /^https?$/ }),
  size: z.number().int().positive().max(BACKUP_MAX_BYTES),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  name: z.string().max(255),
});
export type BackupRestoreArgs = z.infer<typeof backupRestoreArgsSchema>;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A configuration store as the archive entries of its backup (gzip it to upload). */
export const backupEntriesOf = (config: DeviceConfig, mtime = 0): TarEntry[] => [
  { path: 'etc', mtime },
  { path: BACKUP_CONFIG_DIR, mtime },
  ...Object.entries(config).map(([name, file]) => ({
    path: `${BACKUP_CONFIG_DIR}/${name}`,
    data: encoder.encode(toUciText(file)),
    mtime,
  })),
];

/** What a backup holds: its configuration (the UCI files) and every file with its size. */
export interface BackupContents {
  config: DeviceConfig;
  /** `digest`: FNV-1a of the content, enough to tell two versions of a file apart. */
  files: { path: string; size: number; digest: number }[];
}

const fnv1a = (bytes: Uint8Array) => {
  let hash = 0x811c9dc5;
  for (const byte of bytes) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return hash;
};

/** The contents of a backup's (un-gzipped) archive; throws with a user-facing message. */
export const readBackup = (archive: Uint8Array): BackupContents => {
  let entries: TarEntry[];
  try {
    entries = readTar(archive);
  } catch {
    throw new Error(BACKUP_MESSAGES.notTar);
  }
  const config: DeviceConfig = {};
  const files: BackupContents['files'] = [];
  for (const entry of entries) {
    if (!entry.data) continue;
    files.push({ path: entry.path, size: entry.data.length, digest: fnv1a(entry.data) });
    const name = entry.path.startsWith(`${BACKUP_CONFIG_DIR}/`)
      ? entry.path.slice(BACKUP_CONFIG_DIR.length + 1)
      : null;
    if (!name || name.includes('/')) continue;
    const file = parseUciText(decoder.decode(entry.data));
    if (!file) throw new Error(BACKUP_MESSAGES.badUci(entry.path));
    config[name] = file;
  }
  if (entries.length > 0 && files.length === 0) throw new Error(BACKUP_MESSAGES.notBackup);
  return { config, files };
};

const valueSchema = z.union([z.string(), z.array(z.string())]).nullable();

/** What changed from one backup to another. */
export const backupComparisonSchema = z.object({
  /** Option by option, what differs from the first backup to the second. */
  changes: z.array(
    z.object({ path: z.string(), option: z.string(), before: valueSchema, after: valueSchema }),
  ),
  /** Files only in one of them, or with other content; sizes in bytes. */
  files: z.array(
    z.object({
      path: z.string(),
      change: z.enum(['added', 'removed', 'changed']),
      before: z.number().int().nullable(),
      after: z.number().int().nullable(),
    }),
  ),
});
export type BackupComparison = z.infer<typeof backupComparisonSchema> & { changes: ConfigChange[] };

/** GET /files/backups/compare: the two backup files, the older first. */
export const backupCompareQuerySchema = z.object({ a: idSchema, b: idSchema });

/** The query of a device's backup upload link. */
export const backupUploadQuerySchema = z.object({
  device_id: idSchema,
  nonce: z.string().min(1).max(64),
  expires: z.coerce.number().int().positive(),
  // Any string: a malformed signature is refused like a wrong one (403), not as a bad request.
  signature: z.string().max(200),
});

/** What changed from backup `a` to backup `b`. */
export const compareBackups = (a: BackupContents, b: BackupContents): BackupComparison => {
  const sectionPaths = new Set<string>();
  for (const config of [a.config, b.config]) {
    for (const [name, file] of Object.entries(config)) {
      for (const section of Object.keys(file)) sectionPaths.add(`/${name}/${section}`);
    }
  }
  const sectionOf = (config: DeviceConfig, path: string) => {
    const [, name = '', section = ''] = path.split('/');
    return config[name]?.[section] ?? null;
  };
  const changes = diffConfigResults(
    [...sectionPaths].sort().map((path) => ({
      path,
      method: 'put' as const,
      code: 200,
      before: sectionOf(a.config, path),
      after: sectionOf(b.config, path),
    })),
  );
  const byPath = (contents: BackupContents) => new Map(contents.files.map((f) => [f.path, f]));
  const [before, after] = [byPath(a), byPath(b)];
  const files = [...new Set([...before.keys(), ...after.keys()])]
    .sort()
    .flatMap((path): BackupComparison['files'] => {
      const [x, y] = [before.get(path), after.get(path)];
      if (x && y && x.digest === y.digest) return [];
      const change = !x ? 'added' : !y ? 'removed' : 'changed';
      return [{ path, change, before: x?.size ?? null, after: y?.size ?? null }];
    });
  return { changes, files };
};
