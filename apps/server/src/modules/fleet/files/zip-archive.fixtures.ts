// Test-only: reads a plain, stored ZIP archive back through its central directory.
import { crc32 } from 'node:zlib';

export interface ReadEntry {
  name: string;
  content: Buffer;
  /** The checksum the headers state matches the content. */
  crcOk: boolean;
}

export function readZip(archive: Buffer): ReadEntry[] {
  const end = archive.length - 22;
  if (archive.readUInt32LE(end) !== 0x06054b50) throw new Error('no end of central directory');
  const count = archive.readUInt16LE(end + 10);
  let at = archive.readUInt32LE(end + 16);
  const entries: ReadEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (archive.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central header');
    const crc = archive.readUInt32LE(at + 16);
    const size = archive.readUInt32LE(at + 24);
    const nameLength = archive.readUInt16LE(at + 28);
    const offset = archive.readUInt32LE(at + 42);
    const name = archive.toString('utf8', at + 46, at + 46 + nameLength);
    if (archive.readUInt32LE(offset) !== 0x04034b50) throw new Error('bad local header');
    const start = offset + 30 + archive.readUInt16LE(offset + 26);
    const content = archive.subarray(start, start + size);
    entries.push({ name, content, crcOk: crc32(content) === crc });
    at += 46 + nameLength;
  }
  return entries;
}
