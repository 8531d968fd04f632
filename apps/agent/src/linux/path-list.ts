import { posix } from 'node:path';

// The agent's allow-lists of paths (--backup-paths, --file-paths): what its owner lets jobs touch.

/** A comma-separated list of absolute paths, normalised and without duplicates; null when one is not. */
export const parsePathList = (text: string): string[] | null => {
  const paths = text
    .split(',')
    .map((path) => path.trim())
    .filter(Boolean);
  const normal = paths.map((path) => posix.normalize(path).replace(/\/+$/, ''));
  if (paths.some((path) => !path.startsWith('/') || path.includes('\0'))) return null;
  if (normal.some((path) => path === '')) return null;
  return [...new Set(normal)];
};

/** The allow-listed path `path` is at or under, if any. */
export const allowingPath = (path: string, roots: readonly string[]): string | undefined =>
  roots.find((root) => path === root || path.startsWith(`${root}/`));
