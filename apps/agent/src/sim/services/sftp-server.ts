import { posix } from 'node:path';
import ssh2, { type Attributes, type FileEntry, type SFTPWrapper } from 'ssh2';
import { HOME } from './device-fs.ts';
import { attrsOf, longname } from './fs-listing.ts';
import { FsError, type MemFile, type MemNode, type MemoryFs } from './memory-fs.ts';

const { OPEN_MODE, STATUS_CODE } = ssh2.utils.sftp;

/** OpenSSH's sftp-server also caps one READ answer at 64 KiB; clients ask again for the rest. */
const MAX_READ = 64 * 1024;
/** Names sent per READDIR answer, so one answer stays well below the packet limit. */
const NAMES_PER_READDIR = 100;

type OpenHandle =
  | { kind: 'file'; file: MemFile; readable: boolean; writable: boolean; append: boolean }
  | { kind: 'dir'; entries: FileEntry[] };

/** Incoming attributes carry only what the client set, whatever ssh2's types say. */
type SetAttributes = Partial<Attributes>;

const statusOf = (error: unknown): number => {
  if (!(error instanceof FsError)) return STATUS_CODE.FAILURE;
  // SFTP v3 has few codes: everything but "missing" is a FAILURE with a message, as in OpenSSH.
  return error.code === 'ENOENT' ? STATUS_CODE.NO_SUCH_FILE : STATUS_CODE.FAILURE;
};

/** Answers one SFTP session over the device's in-memory filesystem. */
export const serveSftp = (sftp: SFTPWrapper, fs: MemoryFs): void => {
  const handles = new Map<number, OpenHandle>();
  let nextHandle = 0;
  const resolve = (path: string) => posix.resolve(HOME, path);

  const open = (handle: OpenHandle): Buffer => {
    const id = nextHandle++;
    handles.set(id, handle);
    const buffer = Buffer.alloc(4);
    buffer.writeUInt32BE(id >>> 0);
    return buffer;
  };
  const handleOf = (buffer: Buffer): OpenHandle | undefined =>
    buffer.length === 4 ? handles.get(buffer.readUInt32BE(0)) : undefined;
  const fileOf = (buffer: Buffer) => {
    const handle = handleOf(buffer);
    if (handle?.kind !== 'file') throw new FsError('EINVAL', 'invalid handle');
    return handle;
  };

  /** Runs one request; a thrown FsError becomes its status, anything else a FAILURE. */
  const answer = (reqId: number, work: () => void) => {
    try {
      work();
    } catch (error) {
      sftp.status(reqId, statusOf(error), error instanceof Error ? error.message : String(error));
    }
  };
  const done = (reqId: number) => sftp.status(reqId, STATUS_CODE.OK);

  const setAttrs = (file: MemFile | undefined, path: string | undefined, attrs: SetAttributes) => {
    const node = file ?? fs.stat(path ?? '/');
    if (attrs.size !== undefined) {
      if (node.type !== 'file') throw new FsError('EISDIR', path);
      fs.truncate(node, attrs.size);
    }
    if (attrs.mode !== undefined) node.mode = attrs.mode & 0o7777;
    if (attrs.atime !== undefined) node.atime = Number(attrs.atime);
    if (attrs.mtime !== undefined) node.mtime = Number(attrs.mtime);
  };

  sftp.on('error', () => {
    // A malformed packet ends this SFTP session (ssh2 closes it); the device carries on.
  });
  // The client is done (`sftp` quitting sends EOF): close the channel, or it waits forever.
  sftp.on('end', () => sftp.end());
  sftp.on('close', () => handles.clear());

  sftp.on('OPEN', (reqId, filename, flags, attrs: SetAttributes) =>
    answer(reqId, () => {
      const file = fs.open(resolve(filename), {
        create: (flags & OPEN_MODE.CREAT) !== 0,
        truncate: (flags & OPEN_MODE.TRUNC) !== 0,
        exclusive: (flags & OPEN_MODE.EXCL) !== 0,
        ...(attrs.mode !== undefined ? { mode: attrs.mode & 0o7777 } : {}),
      });
      sftp.handle(
        reqId,
        open({
          kind: 'file',
          file,
          readable: (flags & OPEN_MODE.READ) !== 0,
          writable: (flags & (OPEN_MODE.WRITE | OPEN_MODE.APPEND)) !== 0,
          append: (flags & OPEN_MODE.APPEND) !== 0,
        }),
      );
    }),
  );
  sftp.on('READ', (reqId, handle, offset, length) =>
    answer(reqId, () => {
      const { file, readable } = fileOf(handle);
      if (!readable)
        return sftp.status(reqId, STATUS_CODE.PERMISSION_DENIED, 'not opened for reading');
      if (offset >= file.size) return sftp.status(reqId, STATUS_CODE.EOF);
      sftp.data(reqId, fs.read(file, offset, Math.min(length, MAX_READ)));
    }),
  );
  sftp.on('WRITE', (reqId, handle, offset, data) =>
    answer(reqId, () => {
      const { file, writable, append } = fileOf(handle);
      if (!writable)
        return sftp.status(reqId, STATUS_CODE.PERMISSION_DENIED, 'not opened for writing');
      fs.write(file, append ? file.size : offset, data);
      done(reqId);
    }),
  );
  sftp.on('FSTAT', (reqId, handle) =>
    answer(reqId, () => sftp.attrs(reqId, attrsOf(fileOf(handle).file))),
  );
  sftp.on('FSETSTAT', (reqId, handle, attrs: SetAttributes) =>
    answer(reqId, () => {
      setAttrs(fileOf(handle).file, undefined, attrs);
      done(reqId);
    }),
  );
  sftp.on('SETSTAT', (reqId, path, attrs: SetAttributes) =>
    answer(reqId, () => {
      setAttrs(undefined, resolve(path), attrs);
      done(reqId);
    }),
  );
  sftp.on('CLOSE', (reqId, handle) =>
    answer(reqId, () => {
      if (!handleOf(handle)) throw new FsError('EINVAL', 'invalid handle');
      handles.delete(handle.readUInt32BE(0));
      done(reqId);
    }),
  );
  sftp.on('OPENDIR', (reqId, path) =>
    answer(reqId, () => {
      const absolute = resolve(path);
      const dir = fs.dir(absolute);
      const parent = fs.dir(posix.dirname(absolute));
      const named: [string, MemNode][] = [['.', dir], ['..', parent], ...fs.list(absolute)];
      const entries = named.map(([filename, node]) => ({
        filename,
        longname: longname(filename, node),
        attrs: attrsOf(node),
      }));
      sftp.handle(reqId, open({ kind: 'dir', entries }));
    }),
  );
  sftp.on('READDIR', (reqId, handle) =>
    answer(reqId, () => {
      const dir = handleOf(handle);
      if (dir?.kind !== 'dir') throw new FsError('EINVAL', 'invalid handle');
      if (dir.entries.length === 0) return sftp.status(reqId, STATUS_CODE.EOF);
      sftp.name(reqId, dir.entries.splice(0, NAMES_PER_READDIR));
    }),
  );
  const stat = (reqId: number, path: string) =>
    answer(reqId, () => sftp.attrs(reqId, attrsOf(fs.stat(resolve(path)))));
  // Without symlinks, LSTAT and STAT are the same question.
  sftp.on('STAT', stat);
  sftp.on('LSTAT', stat);
  sftp.on('MKDIR', (reqId, path, attrs: SetAttributes) =>
    answer(reqId, () => {
      fs.mkdir(resolve(path), attrs.mode !== undefined ? attrs.mode & 0o7777 : 0o755);
      done(reqId);
    }),
  );
  sftp.on('RMDIR', (reqId, path) =>
    answer(reqId, () => {
      fs.rmdir(resolve(path));
      done(reqId);
    }),
  );
  sftp.on('REMOVE', (reqId, path) =>
    answer(reqId, () => {
      fs.unlink(resolve(path));
      done(reqId);
    }),
  );
  sftp.on('RENAME', (reqId, from, to) =>
    answer(reqId, () => {
      fs.rename(resolve(from), resolve(to));
      done(reqId);
    }),
  );
  sftp.on('REALPATH', (reqId, path) =>
    answer(reqId, () => {
      const absolute = resolve(path);
      const node = fs.stat(absolute);
      sftp.name(reqId, [
        { filename: absolute, longname: longname(absolute, node), attrs: attrsOf(node) },
      ]);
    }),
  );
};
