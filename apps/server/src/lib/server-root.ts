import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = '@netfleet/server';

const isServerPackage = (dir: string) => {
  const manifest = join(dir, 'package.json');
  return (
    existsSync(manifest) &&
    (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === PACKAGE_NAME
  );
};

/**
 * The server package's folder, found upwards from this module: it runs from src/ (tsx, tests) and
 * bundled into dist/ or a chunk below it (`npm start`), at different depths.
 */
const findServerRoot = (from: string): string => {
  for (let dir = from; ; dir = dirname(dir)) {
    if (isServerPackage(dir)) return dir;
    if (dirname(dir) === dir) throw new Error(`The ${PACKAGE_NAME} package is not above ${from}`);
  }
};

export const SERVER_ROOT = findServerRoot(dirname(fileURLToPath(import.meta.url)));
