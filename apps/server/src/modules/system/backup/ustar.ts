import { posix } from 'node:path';

/**
 * A minimal POSIX ustar writer and reader for backup archives (Node has no tar, and the server
 * takes no dependency for it): regular files only, which is all a backup holds; anything else in
 * an archive is refused rather than guessed at.
 */

const BLOCK = 512;
const MAX_SIZE = 8 ** 11 - 1;

export class TarError extends Error {}

const writeString = (header: Buffer, value: string, offset: number, length: number) => {
  const bytes = Buffer.from(value, 'utf8');
  if (bytes.length > length) throw new TarError(`tar field too long: ${value}`);
  bytes.copy(header, offset);
};

const writeOctal = (header: Buffer, value: number, offset: number, length: number) => {
  writeString(header, `${value.toString(8).padStart(length - 1, '0')}\0`, offset, length);
};

/** ustar keeps names over 100 bytes as prefix + name, split at a slash. */
const splitName = (name: string): { prefix: string; base: string } => {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', base: name };
  for (let cut = name.indexOf('/'); cut !== -1; cut = name.indexOf('/', cut + 1)) {
    const prefix = name.slice(0, cut);
    const base = name.slice(cut + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(base) <= 100) return { prefix, base };
  }
  throw new TarError(`path too long for the archive: ${name}`);
};

const checksum = (header: Buffer) => {
  let sum = 0;
  for (let i = 0; i < BLOCK; i += 1) sum += i >= 148 && i < 156 ? 0x20 : (header[i] ?? 0);
  return sum;
};

/** The 512-byte header of a regular file. */
export const tarHeader = (name: string, size: number, mtime: Date): Buffer => {
  if (size > MAX_SIZE) throw new TarError(`${name} is too large for the archive`);
  const header = Buffer.alloc(BLOCK);
  const { prefix, base } = splitName(name);
  writeString(header, base, 0, 100);
  writeOctal(header, 0o600, 100, 8);
  writeOctal(header, 0, 108, 8);
  writeOctal(header, 0, 116, 8);
  writeOctal(header, size, 124, 12);
  writeOctal(header, Math.floor(mtime.getTime() / 1000), 136, 12);
  header[156] = 0x30; // '0': a regular file
  writeString(header, 'ustar\0', 257, 6);
  writeString(header, '00', 263, 2);
  writeString(header, prefix, 345, 155);
  writeString(header, `${checksum(header).toString(8).padStart(6, '0')}\0 `, 148, 8);
  return header;
};

/** Zeros that fill a file's data up to a whole block. */
export const tarPadding = (size: number): Buffer => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** Two zero blocks end an archive. */
export const tarEnd = (): Buffer => Buffer.alloc(BLOCK * 2);

const readString = (header: Buffer, offset: number, length: number) => {
  const field = header.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
};

const readOctal = (header: Buffer, offset: number, length: number) => {
  const text = readString(header, offset, length).trim();
  if (!/^[0-7]+$/.test(text)) throw new TarError('corrupt tar header');
  return parseInt(text, 8);
};

/** A relative path inside the archive that stays inside the folder it is extracted to. */
const safeName = (name: string): string => {
  const normal = posix.normalize(name);
  if (
    name.length === 0 ||
    normal.startsWith('/') ||
    normal === '..' ||
    normal.startsWith('../') ||
    name.includes('\\') ||
    name.includes('\0')
  ) {
    throw new TarError(`unsafe path in the archive: ${name}`);
  }
  return normal;
};

/** Reads exactly n bytes at a time from a stream of chunks; null at a clean end. */
const byteReader = (source: AsyncIterable<Buffer>) => {
  const iterator = source[Symbol.asyncIterator]();
  let pending: Buffer = Buffer.alloc(0);
  return async (n: number): Promise<Buffer | null> => {
    while (pending.length < n) {
      const next = await iterator.next();
      if (next.done) {
        if (pending.length === 0) return null;
        throw new TarError('the archive is truncated');
      }
      pending = pending.length === 0 ? next.value : Buffer.concat([pending, next.value]);
    }
    const chunk = pending.subarray(0, n);
    pending = pending.subarray(n);
    return chunk;
  };
};

export interface TarEntryReader {
  name: string;
  size: number;
  /** The entry's data in pieces; must be read to the end before the next entry. */
  chunks(): AsyncGenerator<Buffer>;
}

/** The regular files of an archive, in order. Throws TarError on anything malformed. */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntryReader> {
  const read = byteReader(source);
  for (;;) {
    const header = await read(BLOCK);
    if (header === null) throw new TarError('the archive is truncated');
    if (header.every((byte) => byte === 0)) return;
    if (readOctal(header, 148, 8) !== checksum(header)) throw new TarError('corrupt tar header');
    const type = String.fromCharCode(header[156] ?? 0);
    const size = readOctal(header, 124, 12);
    const prefix = readString(header, 345, 155);
    const base = readString(header, 0, 100);
    const name = prefix ? `${prefix}/${base}` : base;
    const padded = size + tarPadding(size).length;
    if (type === '5') continue;
    if (type !== '0' && type !== '\0')
      throw new TarError(`unsupported entry in the archive: ${name}`);
    let left = padded;
    const entry: TarEntryReader = {
      name: safeName(name),
      size,
      async *chunks() {
        let data = size;
        while (left > 0) {
          const piece = await read(Math.min(left, 64 * 1024));
          if (piece === null) throw new TarError('the archive is truncated');
          left -= piece.length;
          const useful = piece.subarray(0, Math.min(piece.length, data));
          data -= useful.length;
          if (useful.length > 0) yield useful;
        }
      },
    };
    yield entry;
    // Skips what the consumer left unread.
    while (left > 0) {
      const piece = await read(Math.min(left, 64 * 1024));
      if (piece === null) throw new TarError('the archive is truncated');
      left -= piece.length;
    }
  }
}
