import { extname } from 'node:path';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';

export interface ZipEntry {
  name: string;
  /** Opens the entry's bytes; called twice (checksum, then copy), so it must be repeatable. */
  open: () => AsyncIterable<Buffer>;
}

const UTF8_NAMES = 0x0800;
const VERSION = 20;
const ZIP32_MAX = 0xffffffff;

/** MS-DOS time and date, the only timestamps plain ZIP headers hold. */
const dosDateTime = (date: Date) => ({
  time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
  date: ((date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
});

/** Names as archive paths: no folders from the name itself, and each name once. */
const entryNames = (names: readonly string[]): string[] => {
  const seen = new Set<string>();
  return names.map((raw) => {
    const name = raw.replace(/[/\\]/g, '_') || 'file';
    let unique = name;
    const ext = extname(name);
    for (let n = 2; seen.has(unique); n++)
      unique = `${name.slice(0, name.length - ext.length)} (${n})${ext}`;
    seen.add(unique);
    return unique;
  });
};

async function measure(entry: ZipEntry) {
  let crc = 0;
  let size = 0;
  for await (const chunk of entry.open()) {
    crc = crc32(chunk, crc);
    size += chunk.length;
  }
  return { crc, size };
}

interface Written {
  name: Buffer;
  crc: number;
  size: number;
  offset: number;
}

function localHeader(entry: Written, stamp: { time: number; date: number }) {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(VERSION, 4);
  header.writeUInt16LE(UTF8_NAMES, 6);
  header.writeUInt16LE(0, 8); // stored: firmware and archives gain nothing from deflate
  header.writeUInt16LE(stamp.time, 10);
  header.writeUInt16LE(stamp.date, 12);
  header.writeUInt32LE(entry.crc, 14);
  header.writeUInt32LE(entry.size, 18);
  header.writeUInt32LE(entry.size, 22);
  header.writeUInt16LE(entry.name.length, 26);
  header.writeUInt16LE(0, 28);
  return Buffer.concat([header, entry.name]);
}

function centralHeader(entry: Written, stamp: { time: number; date: number }) {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(VERSION, 4);
  header.writeUInt16LE(VERSION, 6);
  header.writeUInt16LE(UTF8_NAMES, 8);
  header.writeUInt16LE(0, 10);
  header.writeUInt16LE(stamp.time, 12);
  header.writeUInt16LE(stamp.date, 14);
  header.writeUInt32LE(entry.crc, 16);
  header.writeUInt32LE(entry.size, 20);
  header.writeUInt32LE(entry.size, 24);
  header.writeUInt16LE(entry.name.length, 28);
  // Extra, comment, disk, attributes: none.
  header.writeUInt32LE(entry.offset, 42);
  return Buffer.concat([header, entry.name]);
}

function endOfDirectory(count: number, size: number, offset: number) {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return end;
}

async function* zipChunks(entries: readonly ZipEntry[], now: Date): AsyncGenerator<Buffer> {
  const stamp = dosDateTime(now);
  const names = entryNames(entries.map((entry) => entry.name));
  const written: Written[] = [];
  let offset = 0;
  for (const [index, entry] of entries.entries()) {
    // Stored entries carry their checksum before the data: one pass to learn it, one to copy.
    // Each file is read twice instead of being held in memory.
    const { crc, size } = await measure(entry);
    const item = { name: Buffer.from(names[index] ?? 'file', 'utf8'), crc, size, offset };
    const header = localHeader(item, stamp);
    if (offset + header.length + size > ZIP32_MAX) throw new Error('archive exceeds 4 GB');
    yield header;
    let copied = 0;
    for await (const chunk of entry.open()) {
      copied += chunk.length;
      yield chunk;
    }
    if (copied !== size) throw new Error(`${item.name.toString()} changed while archived`);
    offset += header.length + size;
    written.push(item);
  }
  const directory = Buffer.concat(written.map((item) => centralHeader(item, stamp)));
  yield directory;
  yield endOfDirectory(written.length, directory.length, offset);
}

/**
 * A ZIP archive of `entries` as a stream, written as it is read: stored (uncompressed) entries
 * with UTF-8 names, in plain ZIP (the caller keeps the total under 4 GB).
 */
export const zipArchive = (entries: readonly ZipEntry[], now = new Date()): Readable =>
  Readable.from(zipChunks(entries, now));
