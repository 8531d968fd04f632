import { posix } from 'node:path';

export type FsErrorCode =
  'ENOENT' | 'EEXIST' | 'ENOTDIR' | 'EISDIR' | 'ENOTEMPTY' | 'ENOSPC' | 'EINVAL' | 'ENAMETOOLONG';

const MESSAGES: Record<FsErrorCode, string> = {
  ENOENT: 'No such file or directory',
  EEXIST: 'File exists',
  ENOTDIR: 'Not a directory',
  EISDIR: 'Is a directory',
  ENOTEMPTY: 'Directory not empty',
  ENOSPC: 'No space left on device',
  EINVAL: 'Invalid argument',
  ENAMETOOLONG: 'File name too long',
};

export class FsError extends Error {
  constructor(
    readonly code: FsErrorCode,
    detail?: string,
  ) {
    super(detail ? `${MESSAGES[code]} (${detail})` : MESSAGES[code]);
  }
}

interface NodeBase {
  mode: number;
  /** Seconds since the epoch, as SFTP carries them. */
  atime: number;
  mtime: number;
}
export interface MemFile extends NodeBase {
  type: 'file';
  /** `data` grows by doubling so that sequential uploads do not copy the file on every write. */
  data: Buffer;
  size: number;
  /** False once removed: a handle still open on it may not write (its space is already freed). */
  linked: boolean;
}
export interface MemDir extends NodeBase {
  type: 'dir';
  entries: Map<string, MemNode>;
}
export type MemNode = MemFile | MemDir;

export const DEFAULT_FS_LIMIT = 32 * 1024 * 1024;
/** What an entry costs besides its data, so that millions of empty files also hit the cap. */
const ENTRY_COST = 256;
const MAX_NAME = 255;
const MAX_PATH = 4096;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * A device's small in-memory filesystem, shared by its SFTP server and shells. Paths are absolute
 * POSIX paths; there are no symlinks and no permission checks (everyone is root).
 */
export class MemoryFs {
  readonly root: MemDir = {
    type: 'dir',
    mode: 0o755,
    atime: nowSeconds(),
    mtime: nowSeconds(),
    entries: new Map(),
  };
  /** Bytes charged against `limit`: file sizes plus a fixed cost per entry. */
  used = 0;

  constructor(readonly limit = DEFAULT_FS_LIMIT) {}

  stat(path: string): MemNode {
    let node: MemNode = this.root;
    for (const name of components(path)) {
      if (node.type !== 'dir') throw new FsError('ENOTDIR', path);
      const next = node.entries.get(name);
      if (!next) throw new FsError('ENOENT', path);
      node = next;
    }
    return node;
  }

  dir(path: string): MemDir {
    const node = this.stat(path);
    if (node.type !== 'dir') throw new FsError('ENOTDIR', path);
    return node;
  }

  file(path: string): MemFile {
    const node = this.stat(path);
    if (node.type !== 'file') throw new FsError('EISDIR', path);
    return node;
  }

  /** Opens (and with `create`, creates) a regular file, as open(2) does. */
  open(
    path: string,
    flags: { create: boolean; truncate: boolean; exclusive: boolean; mode?: number },
  ): MemFile {
    const { parent, name } = this.parentOf(path);
    const existing = parent.entries.get(name);
    if (existing) {
      if (flags.create && flags.exclusive) throw new FsError('EEXIST', path);
      if (existing.type !== 'file') throw new FsError('EISDIR', path);
      if (flags.truncate) this.truncate(existing, 0);
      return existing;
    }
    if (!flags.create) throw new FsError('ENOENT', path);
    this.charge(ENTRY_COST + name.length);
    const now = nowSeconds();
    const file: MemFile = {
      type: 'file',
      mode: flags.mode ?? 0o644,
      atime: now,
      mtime: now,
      data: Buffer.alloc(0),
      size: 0,
      linked: true,
    };
    parent.entries.set(name, file);
    parent.mtime = now;
    return file;
  }

  read(file: MemFile, offset: number, length: number): Buffer {
    file.atime = nowSeconds();
    return file.data.subarray(Math.min(offset, file.size), Math.min(offset + length, file.size));
  }

  write(file: MemFile, offset: number, data: Buffer): void {
    assertLinked(file);
    const end = offset + data.length;
    if (end > file.size) {
      this.charge(end - file.size);
      this.reserve(file, end);
      // A write past the end leaves a hole of zeroes, as on disk.
      file.data.fill(0, file.size, offset);
      file.size = end;
    }
    data.copy(file.data, offset);
    file.mtime = nowSeconds();
  }

  truncate(file: MemFile, size: number): void {
    assertLinked(file);
    if (size > file.size) {
      this.charge(size - file.size);
      this.reserve(file, size);
      file.data.fill(0, file.size, size);
    } else {
      this.used -= file.size - size;
    }
    file.size = size;
    file.mtime = nowSeconds();
  }

  writeFile(path: string, content: string | Buffer): void {
    const file = this.open(path, { create: true, truncate: true, exclusive: false });
    this.write(file, 0, Buffer.from(content));
  }

  mkdir(path: string, mode = 0o755): void {
    const { parent, name } = this.parentOf(path);
    if (parent.entries.has(name)) throw new FsError('EEXIST', path);
    this.charge(ENTRY_COST + name.length);
    const now = nowSeconds();
    parent.entries.set(name, { type: 'dir', mode, atime: now, mtime: now, entries: new Map() });
    parent.mtime = now;
  }

  rmdir(path: string): void {
    const { parent, name } = this.parentOf(path);
    const node = parent.entries.get(name);
    if (!node) throw new FsError('ENOENT', path);
    if (node.type !== 'dir') throw new FsError('ENOTDIR', path);
    if (node.entries.size > 0) throw new FsError('ENOTEMPTY', path);
    this.detach(parent, name, node);
  }

  unlink(path: string): void {
    const { parent, name } = this.parentOf(path);
    const node = parent.entries.get(name);
    if (!node) throw new FsError('ENOENT', path);
    if (node.type !== 'file') throw new FsError('EISDIR', path);
    this.detach(parent, name, node);
  }

  /** SFTP v3 rename: the target must not exist. */
  rename(from: string, to: string): void {
    const source = this.parentOf(from);
    const node = source.parent.entries.get(source.name);
    if (!node) throw new FsError('ENOENT', from);
    const target = this.parentOf(to);
    if (target.parent.entries.has(target.name)) throw new FsError('EEXIST', to);
    if (node.type === 'dir' && `${posix.resolve(to)}/`.startsWith(`${posix.resolve(from)}/`)) {
      throw new FsError('EINVAL', 'cannot move a directory into itself');
    }
    source.parent.entries.delete(source.name);
    target.parent.entries.set(target.name, node);
    this.used += target.name.length - source.name.length;
    source.parent.mtime = target.parent.mtime = nowSeconds();
  }

  /** A directory's entries, sorted by name. */
  list(path: string): [string, MemNode][] {
    return [...this.dir(path).entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }

  private parentOf(path: string): { parent: MemDir; name: string } {
    const names = components(path);
    const name = names.pop();
    if (name === undefined) throw new FsError('EINVAL', 'the root directory');
    return { parent: this.dir(`/${names.join('/')}`), name };
  }

  private detach(parent: MemDir, name: string, node: MemNode): void {
    parent.entries.delete(name);
    this.used -= ENTRY_COST + name.length;
    if (node.type === 'file') {
      this.used -= node.size;
      node.linked = false;
      node.data = Buffer.alloc(0);
      node.size = 0;
    }
    parent.mtime = nowSeconds();
  }

  private charge(bytes: number): void {
    if (this.used + bytes > this.limit) {
      throw new FsError(
        'ENOSPC',
        `the simulated device stores at most ${this.limit / 1024 / 1024} MiB`,
      );
    }
    this.used += bytes;
  }

  private reserve(file: MemFile, size: number): void {
    if (size <= file.data.length) return;
    const grown = Buffer.alloc(Math.min(Math.max(size, file.data.length * 2, 4096), this.limit));
    file.data.copy(grown, 0, 0, file.size);
    file.data = grown;
  }
}

const assertLinked = (file: MemFile): void => {
  if (!file.linked) throw new FsError('ENOENT', 'the file was removed');
};

/** `/a/./b/../c` → `['a', 'c']`; rejects names and paths longer than Linux allows. */
const components = (path: string): string[] => {
  if (path.length > MAX_PATH) throw new FsError('ENAMETOOLONG', path.slice(0, 64));
  const names = posix.resolve('/', path).split('/').filter(Boolean);
  if (names.some((name) => name.length > MAX_NAME))
    throw new FsError('ENAMETOOLONG', path.slice(0, 64));
  return names;
};
