import type { Attributes } from 'ssh2';
import type { MemNode } from './memory-fs.ts';

const S_IFDIR = 0o040000;
const S_IFREG = 0o100000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** SFTP attributes of a node: the mode carries the file type, as stat(2) does. */
export const attrsOf = (node: MemNode): Attributes => ({
  mode: (node.type === 'dir' ? S_IFDIR : S_IFREG) | node.mode,
  uid: 0,
  gid: 0,
  size: node.type === 'file' ? node.size : 4096,
  atime: node.atime,
  mtime: node.mtime,
});

/** `drwxr-xr-x    2 root     root          4096 Jan  1 00:00 name`, as BusyBox `ls -l` prints. */
export const longname = (name: string, node: MemNode): string => {
  const attrs = attrsOf(node);
  const date = new Date(attrs.mtime * 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  const day = String(date.getUTCDate()).padStart(2);
  const time = `${MONTHS[date.getUTCMonth()]} ${day} ${two(date.getUTCHours())}:${two(date.getUTCMinutes())}`;
  const links =
    node.type === 'dir' ? 2 + [...node.entries.values()].filter((n) => n.type === 'dir').length : 1;
  const size = String(attrs.size).padStart(9);
  return `${modeString(node)} ${String(links).padStart(4)} root     root     ${size} ${time} ${name}`;
};

const modeString = (node: MemNode): string => {
  const bits = 'rwxrwxrwx'
    .split('')
    .map((letter, i) => (node.mode & (0o400 >> i) ? letter : '-'))
    .join('');
  // The sticky bit shows in the others' execute position.
  const sticky = node.mode & 0o1000 ? `${bits.slice(0, 8)}${bits[8] === 'x' ? 't' : 'T'}` : bits;
  return `${node.type === 'dir' ? 'd' : '-'}${sticky}`;
};
