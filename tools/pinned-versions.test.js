import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// STACK.md pins every version: a range lets a fresh `npm install` pick a release that needs
// Node 22 or changes behaviour, while the lockfile hides it on this machine.
const root = join(import.meta.dirname, '..');
const manifests = [
  '.',
  ...['apps', 'packages'].flatMap((dir) =>
    readdirSync(join(root, dir)).map((name) => join(dir, name)),
  ),
];
const SECTIONS = ['dependencies', 'devDependencies', 'optionalDependencies'];
const EXACT = /^\d+\.\d+\.\d+(-[\w.]+)?$/;

/** The dependencies of one package.json that are not an exact version. */
const unpinned = (manifest) =>
  SECTIONS.flatMap((section) =>
    Object.entries(manifest[section] ?? {})
      .filter(([, version]) => !EXACT.test(version))
      .map(([name, version]) => `${section} ${name}@${version}`),
  );

describe('package versions', () => {
  it('finds a range', () => {
    expect(unpinned({ dependencies: { a: '^1.2.0', b: '1.2.0', c: '~2.0.0' } })).toEqual([
      'dependencies a@^1.2.0',
      'dependencies c@~2.0.0',
    ]);
  });

  it.each(manifests)('%s/package.json pins every dependency', (dir) => {
    const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
    expect(unpinned(manifest)).toEqual([]);
  });
});
