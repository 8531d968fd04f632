#!/usr/bin/env node
// npm run bench: every bench/*.bench.ts in turn (one at a time, so they do not compete for the
// CPU), with the server's tsconfig for its `@/` imports, and the plain-JavaScript bench/*.mjs
// (footprint.mjs: no TypeScript loader of its own next to the server it measures) with node.
// Exits non-zero if any of them fails.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const benchDir = join(root, 'bench');
const files = readdirSync(benchDir)
  .filter((name) => name.endsWith('.bench.ts') || name.endsWith('.mjs'))
  .sort();
if (files.length === 0) {
  console.error('No bench/*.bench.ts or bench/*.mjs files found.');
  process.exit(1);
}

const failed = [];
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const result = file.endsWith('.mjs')
    ? spawnSync(process.execPath, [join(benchDir, file)], { cwd: root, stdio: 'inherit' })
    : spawnSync(
        'npx',
        ['tsx', '--tsconfig', join(root, 'apps', 'server', 'tsconfig.json'), join(benchDir, file)],
        { cwd: root, stdio: 'inherit' },
      );
  if (result.status !== 0) failed.push(file);
}

console.log(
  failed.length === 0
    ? `\n${files.length} benchmark(s) passed`
    : `\n${failed.length} of ${files.length} benchmark(s) failed: ${failed.join(', ')}`,
);
process.exit(failed.length === 0 ? 0 : 1);
