// The POSIX ustar format, enough for configuration backups: regular files and directories,
// names up to 255 bytes (prefix + name), no links. Pure, on bytes, so the agent, the simulator and
// the server share it (gzip is theirs: node:zlib).

const BLOCK = 512;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

export interface TarEntry {
  /** The path inside the archive, without a leading slash (`etc/config/network`). */
  path: string;
  /** File content; absent for a directory. */
  data?: Uint8Array;
  /** Unix mode (default 0644 for files, 0755 for directories). */
  mode?: number;
  /** Modification time, seconds since the epoch (default 0). */
  mtime?: number;
}

const octal = (value: number, width: number) => `${value.toString(8).padStart(width - 1, '0')}\0`;

const writeText = (block: Uint8Array, offset: number, width: number, text: string) => {
  const bytes = encoder.encode(text);
  if (bytes.length > width) throw new Error(`tar field too long: ${text}`);
  block.set(bytes, offset);
};

const header = (entry: TarEntry): Uint8Array => {
  const block = new Uint8Array(BLOCK);
  const directory = entry.data === undefined;
  const path = directory && !entry.path.endsWith('/') ? `${entry.path}/` : entry.path;
  const bytes = encoder.encode(path);
  let name = path;
  let prefix = '';
  if (bytes.length > 100) {
    const cut = path.lastIndexOf('/', 155);
    if (cut <= 0 || encoder.encode(path.slice(cut + 1)).length > 100) {
      throw new Error(`tar path too long: ${path}`);
    }
    prefix = path.slice(0, cut);
    name = path.slice(cut + 1);
  }
  writeText(block, 0, 100, name);
  writeText(block, 100, 8, octal(entry.mode ?? (directory ? 0o755 : 0o644), 8));
  writeText(block, 108, 8, octal(0, 8));
  writeText(block, 116, 8, octal(0, 8));
  writeText(block, 124, 12, octal(entry.data?.length ?? 0, 12));
  writeText(block, 136, 12, octal(entry.mtime ?? 0, 12));
  block.fill(0x20, 148, 156);
  block[156] = directory ? 0x35 : 0x30;
  writeText(block, 257, 6, 'ustar\0');
  writeText(block, 263, 2, '00');
  writeText(block, 345, 155, prefix);
  const sum = block.reduce((total, byte) => total + byte, 0);
  writeText(block, 148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
  return block;
};

/** The archive of the entries, in order, with its two closing zero blocks. */
export const writeTar = (entries: readonly TarEntry[]): Uint8Array => {
  const parts: Uint8Array[] = [];
  for (const entry of entries) {
    parts.push(header(entry));
    if (entry.data) {
      parts.push(entry.data);
      const pad = (BLOCK - (entry.data.length % BLOCK)) % BLOCK;
      if (pad) parts.push(new Uint8Array(pad));
    }
  }
  parts.push(new Uint8Array(BLOCK * 2));
  const out = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

const readText = (block: Uint8Array, offset: number, width: number) => {
  const field = block.subarray(offset, offset + width);
  const end = field.indexOf(0);
  return decoder.decode(end === -1 ? field : field.subarray(0, end));
};
/** An octal field; a negative, non-octal or unsafe value is a damaged header, not a number. */
const readOctal = (block: Uint8Array, offset: number, width: number) => {
  const text = readText(block, offset, width).trim() || '0';
  const value = /^[0-7]+$/.test(text) ? Number.parseInt(text, 8) : Number.NaN;
  if (!Number.isSafeInteger(value)) throw new Error('Not a tar archive (bad numeric field)');
  return value;
};

/**
 * The regular files and directories of an archive. Throws on a damaged header (bad checksum or
 * size past the end), so a corrupt backup is refused whole; links and other types are skipped.
 */
export const readTar = (archive: Uint8Array): TarEntry[] => {
  const entries: TarEntry[] = [];
  let offset = 0;
  while (offset + BLOCK <= archive.length) {
    const block = archive.subarray(offset, offset + BLOCK);
    if (block.every((byte) => byte === 0)) break;
    const stored = readOctal(block, 148, 8);
    const sum = block.reduce(
      (total, byte, index) => total + (index >= 148 && index < 156 ? 0x20 : byte),
      0,
    );
    if (stored !== sum) throw new Error('Not a tar archive (header checksum mismatch)');
    const size = readOctal(block, 124, 12);
    const type = String.fromCharCode(block[156] ?? 0x30);
    const prefix = readText(block, 345, 155);
    const name = readText(block, 0, 100);
    const path = (prefix ? `${prefix}/${name}` : name).replace(/^\.?\//, '');
    const start = offset + BLOCK;
    if (start + size > archive.length) throw new Error('Truncated tar archive');
    const mode = readOctal(block, 100, 8);
    const mtime = readOctal(block, 136, 12);
    if (type === '0' || type === '\0') {
      entries.push({ path, data: archive.slice(start, start + size), mode, mtime });
    } else if (type === '5') {
      entries.push({ path: path.replace(/\/$/, ''), mode, mtime });
    }
    offset = start + Math.ceil(size / BLOCK) * BLOCK;
  }
  return entries;
};
