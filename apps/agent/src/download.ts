import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';

export interface DownloadOptions {
  url: string;
  size: number;
  sha256: string;
  /** Where to keep the file; without it the bytes are only counted and hashed (the simulator). */
  path?: string;
  /** Called as bytes arrive; the caller throttles its progress acks. */
  onProgress?: (bytes: number, total: number) => void;
  timeoutMs?: number;
}

/** Progress acks at every tenth of the download, not per chunk. */
export const progressThrottle = (report: (bytes: number, total: number) => void) => {
  let lastTenth = -1;
  return (bytes: number, total: number) => {
    const tenth = Math.floor((bytes / total) * 10);
    if (tenth === lastTenth) return;
    lastTenth = tenth;
    report(bytes, total);
  };
};

/**
 * Downloads a firmware image over its signed URL, checking size and SHA-256 on the way; a partial
 * or corrupt file never stays at `path`.
 */
export const downloadVerified = (options: DownloadOptions): Promise<void> => download(options);

/**
 * The same verified download, kept in memory and answered once size and SHA-256 check out (a
 * backup to restore: at most BACKUP_MAX_BYTES, so holding it is fine).
 */
export const downloadVerifiedBytes = async (
  options: Omit<DownloadOptions, 'path'>,
): Promise<Uint8Array> => {
  const chunks: Uint8Array[] = [];
  await download(options, (chunk) => chunks.push(chunk));
  return Buffer.concat(chunks);
};

/**
 * The same verified download, each chunk handed to `keep` (awaited, so a slow file write holds the
 * download back); the caller drops what it kept when this throws.
 */
export const downloadVerifiedInto = (
  options: Omit<DownloadOptions, 'path'>,
  keep: (chunk: Uint8Array) => unknown,
): Promise<void> => download(options, keep);

const download = async (
  options: DownloadOptions,
  keep?: (chunk: Uint8Array) => unknown,
): Promise<void> => {
  const response = await fetch(options.url, {
    signal: AbortSignal.timeout(options.timeoutMs ?? 10 * 60_000),
  });
  if (!response.ok || !response.body) {
    throw new Error(`download failed: HTTP ${response.status}`);
  }
  const hash = createHash('sha256');
  const partial = options.path ? `${options.path}.part` : null;
  const file = partial ? createWriteStream(partial) : null;
  let bytes = 0;
  try {
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      if (bytes > options.size) throw new Error('download is larger than announced');
      hash.update(chunk);
      if (keep) await keep(chunk);
      if (file && !file.write(chunk)) {
        await new Promise<void>((resolve) => file.once('drain', () => resolve()));
      }
      options.onProgress?.(bytes, options.size);
    }
    if (file)
      await new Promise<void>((resolve, reject) =>
        file.end((e?: Error) => (e ? reject(e) : resolve())),
      );
    if (bytes !== options.size)
      throw new Error(`download is ${bytes} bytes, expected ${options.size}`);
    if (hash.digest('hex') !== options.sha256) throw new Error('SHA-256 mismatch');
    if (partial && options.path) await rename(partial, options.path);
  } catch (error) {
    file?.destroy();
    if (partial) await rm(partial, { force: true });
    throw error;
  }
};
