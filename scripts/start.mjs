#!/usr/bin/env node
// `npm start`: builds what changed (web app, server, agent) in a child process, then runs the
// compiled server in this process: the running console is one Node process, no TypeScript loader,
// and none of the build's memory.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isFresh } from './build/index.mjs';
import { ROOT, TARGETS } from './build/targets.mjs';

const stale = Object.keys(TARGETS).filter((name) => !isFresh(name));
if (stale.length > 0) {
  const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs'), ...stale], {
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import(pathToFileURL(join(ROOT, 'apps/server/dist/server.js')).href);
