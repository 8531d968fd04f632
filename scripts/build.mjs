#!/usr/bin/env node
// `npm run build`: the web app, server and agent compiled to JavaScript, each only when its inputs
// changed. `node scripts/build.mjs server --force` rebuilds one target regardless.
import { ensureBuilt } from './build/index.mjs';
import { TARGETS } from './build/targets.mjs';

const args = process.argv.slice(2);
const force = args.includes('--force');
const names = args.filter((arg) => arg !== '--force');
const unknown = names.filter((name) => !(name in TARGETS));
if (unknown.length > 0) {
  console.error(
    `Unknown target ${unknown.join(', ')}; targets: ${Object.keys(TARGETS).join(', ')}`,
  );
  process.exit(2);
}
try {
  await ensureBuilt(names.length > 0 ? names : Object.keys(TARGETS), { force });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
