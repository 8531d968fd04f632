// Builds the targets whose inputs changed since their last build (scripts/build/targets.mjs), one
// process at a time per target: a second `npm start` or agent waits for the first one's build.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { contentHash, inputFiles, quickHash } from './fingerprint.mjs';
import { ROOT, TARGETS } from './targets.mjs';

const STAMP = '.build-stamp.json';
const LOCK_WAIT_MS = 180_000;

const stampFile = (name) => join(ROOT, TARGETS[name].output, STAMP);

const readStamp = (name) => {
  try {
    return JSON.parse(readFileSync(stampFile(name), 'utf8'));
  } catch {
    return null;
  }
};

const hashes = (name) => {
  const files = inputFiles(ROOT, TARGETS[name].inputs);
  return { quick: quickHash(ROOT, files), content: () => contentHash(ROOT, files) };
};

/** Whether the target's output was built from its current inputs. */
export const isFresh = (name) => {
  const stamp = readStamp(name);
  if (!stamp) return false;
  const { quick, content } = hashes(name);
  if (stamp.quick === quick) return true;
  if (stamp.content !== content()) return false;
  // Same content, touched files: remember the new times so the next start need not read them
  // (unless the tree is read-only, as in the OCI image: then it reads them each time).
  try {
    writeFileSync(stampFile(name), JSON.stringify({ ...stamp, quick }));
  } catch {
    // Still fresh.
  }
  return true;
};

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};

/** An exclusive lock file holding our pid; a lock left by a process that died is taken over. */
const lock = async (name) => {
  const dir = join(ROOT, '.tmp');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `build-${name}.lock`);
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(file, 'utf8').trim());
      if (!owner || !alive(owner)) rmSync(file, { force: true });
      else if (Date.now() > deadline)
        throw new Error(`${file} is held by pid ${owner}`, { cause: error });
      else await sleep(200);
    }
  }
};

/**
 * Builds each named target unless it is fresh. Prints one line per build to stderr (stdout may be
 * a command's output, e.g. `netfleet backup -`).
 */
export const ensureBuilt = async (names, { force = false } = {}) => {
  for (const name of names) {
    if (!force && isFresh(name)) continue;
    const release = await lock(name);
    try {
      // Another process may have built it while we waited for the lock.
      if (!force && isFresh(name)) continue;
      // Hashed before building: a file edited during the build makes the next start build again.
      const { quick, content } = hashes(name);
      const stamp = { quick, content: content() };
      const started = performance.now();
      process.stderr.write(`Building ${name}…\n`);
      rmSync(join(ROOT, TARGETS[name].output), { recursive: true, force: true });
      await TARGETS[name].build();
      writeFileSync(stampFile(name), JSON.stringify(stamp));
      process.stderr.write(`Built ${name} in ${Math.round(performance.now() - started)} ms\n`);
    } finally {
      release();
    }
  }
};

/**
 * What the package bins run: builds `target` in a child process when its sources changed (build
 * lines on stderr: stdout may be the command's output), then imports the compiled entry.
 */
export const runCompiled = async (target, entry) => {
  if (!isFresh(target)) {
    const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs'), target], {
      stdio: ['ignore', 2, 2],
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  await import(entry);
};
