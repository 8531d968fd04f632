// Remote paths are POSIX paths on the device, whatever the browser's platform.
import type { SftpEntry } from '@netfleet/contracts';
import { uiLocale } from '@/lib/i18n';

const ROOT_PATH = '/';

export function joinPath(dir: string, name: string): string {
  return dir.endsWith('/') ? `${dir}${name}` : `${dir}/${name}`;
}

export interface PathCrumb {
  label: string;
  path: string;
}

/** '/root/etc' → '/', '/root', '/root/etc'; the first crumb is the root. */
export function pathCrumbs(path: string): PathCrumb[] {
  const names = path.split('/').filter(Boolean);
  return [
    { label: ROOT_PATH, path: ROOT_PATH },
    ...names.map((label, index) => ({ label, path: `/${names.slice(0, index + 1).join('/')}` })),
  ];
}

/** Where a session starts: root's home on a router, else the file system's root. */
export const startPath = (username: string) => (username === 'root' ? '/root' : ROOT_PATH);

const collator = new Intl.Collator(uiLocale(), { numeric: true, sensitivity: 'base' });

/** Folders first, then by name as people read it ('file2' before 'file10'). */
export function sortEntries(entries: readonly SftpEntry[]): SftpEntry[] {
  return [...entries].sort((a, b) => {
    const folders = Number(b.type === 'directory') - Number(a.type === 'directory');
    return folders || collator.compare(a.name, b.name);
  });
}

export const isValidName = (name: string) => name !== '' && !name.includes('/');
