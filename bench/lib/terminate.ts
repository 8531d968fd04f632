// Ends a child process the benchmarks started without ever waiting for it forever.
import type { ChildProcess } from 'node:child_process';

/** Resolves once `child` has exited (at once if it already has, or never started). */
export const exitOf = (child: ChildProcess): Promise<void> =>
  child.pid === undefined || child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));

/**
 * SIGTERM, then SIGKILL when `child` has not exited after `timeoutMs` (it is stuck, or its own
 * shutdown waits on something that will not come). Resolves once it has exited.
 */
export const terminate = async (child: ChildProcess, timeoutMs: number, name: string) => {
  const exited = exitOf(child);
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const inTime = await Promise.race([
    exited.then(() => true),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs))),
  ]);
  clearTimeout(timer);
  if (inTime) return;
  console.error(`${name}: still running ${Math.round(timeoutMs / 1000)} s after SIGTERM; SIGKILL`);
  child.kill('SIGKILL');
  await exited;
};
