// Drives bench/lib/fleet-process.ts from a benchmark: start, read its counters, stop.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { terminate } from './terminate';
import type { FleetCounters, FleetOptions } from '../../apps/agent/src/sim/fleet.ts';
import { type NotConnected, tallyNotConnected } from '../../apps/agent/src/sim/not-connected.ts';

/** One line of fleet-process.ts. */
export type FleetSnapshot = FleetCounters & {
  ramped: boolean;
  notConnected: NotConnected;
  done?: boolean;
};

/**
 * Why devices are not connected, by a snapshot; without one (the fleet is still adding its
 * devices through the API) the ramp has reached none of them.
 */
export const notConnectedOf = (snapshot: FleetSnapshot | null, devices: number): NotConnected =>
  snapshot?.notConnected ?? { ...tallyNotConnected([]), total: devices, notReached: devices };

/** How long stop() waits after SIGTERM before SIGKILL. */
const STOP_TIMEOUT_MS = 30_000;

const root = join(import.meta.dirname, '..', '..');

export const spawnFleet = (options: Omit<FleetOptions, 'log'>) => {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'bench', 'lib', 'fleet-process.ts'), JSON.stringify(options)],
    {
      cwd: root,
      env: { ...process.env, TSX_TSCONFIG_PATH: join(root, 'apps', 'agent', 'tsconfig.json') },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let latest: FleetSnapshot | null = null;
  let errorLines = 0;
  let running = true;
  child.once('exit', () => (running = false));
  createInterface({ input: child.stdout }).on('line', (line) => {
    latest = JSON.parse(line) as FleetSnapshot;
  });
  // Per-device problems are counted, and only the first few shown, so a bad run stays readable.
  createInterface({ input: child.stderr }).on('line', (line) => {
    if (errorLines++ < 5) console.error(`fleet: ${line}`);
  });
  let stopped: Promise<FleetSnapshot | null> | null = null;
  const stop = async () => {
    await terminate(child, STOP_TIMEOUT_MS, 'fleet');
    return latest;
  };
  /** Whether the counters pass `test` within `timeoutMs`; throws when the fleet exits first. */
  const reaches = async (test: (s: FleetSnapshot) => boolean, timeoutMs: number, what: string) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const snapshot = latest as FleetSnapshot | null;
      if (snapshot && test(snapshot)) return true;
      if (!running) throw new Error(`fleet: exited while waiting for ${what}`);
      if (Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
  return {
    pid: child.pid ?? 0,
    latest: () => latest,
    reaches,
    async waitFor(test: (s: FleetSnapshot) => boolean, timeoutMs: number, what: string) {
      if (await reaches(test, timeoutMs, what)) return latest as FleetSnapshot | null;
      throw new Error(`fleet: timed out waiting for ${what}; last ${JSON.stringify(latest)}`);
    },
    /**
     * SIGTERM, then SIGKILL if the fleet has not exited after 30 s. Resolves with the last
     * counters read (the final ones when it exited in time); calling it again is harmless.
     */
    stop: () => (stopped ??= stop()),
  };
};
