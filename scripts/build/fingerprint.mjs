// Hashes of a target's inputs, so a start rebuilds only what changed since the last build. The
// quick hash (paths, sizes, times) answers an untouched tree without reading it; the content hash
// decides when times moved (a checkout or `npm ci` touches files without changing them).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'test', 'e2e', '.tmp']);
/** Tests are not part of any build; changing one must not rebuild. */
const isTest = (name) => /\.test\.tsx?$/.test(name);

const filesUnder = (path) => {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => !(entry.isDirectory() && SKIPPED_DIRS.has(entry.name)))
    .filter((entry) => entry.isDirectory() || !isTest(entry.name))
    .flatMap((entry) => filesUnder(join(path, entry.name)));
};

export const inputFiles = (root, inputs) =>
  inputs.flatMap((input) => filesUnder(join(root, input))).sort();

/** sha256 over every file's path (from `root`) and size and modification time. */
export const quickHash = (root, files) => {
  const hash = createHash('sha256');
  for (const file of files) {
    const { size, mtimeMs } = statSync(file);
    hash.update(`${relative(root, file)}\0${size}\0${mtimeMs}\0`);
  }
  return hash.digest('hex');
};

/** sha256 over every file's path (from `root`) and content. */
export const contentHash = (root, files) => {
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${relative(root, file)}\0`);
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
};
