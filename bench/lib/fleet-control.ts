// Drives bench/lib/fleet-process.ts from a benchmark: start, read its counters, stop.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { FleetOptions } from '../../apps/agent/src/sim/fleet.ts';

export interface FleetSnapshot {
  ramped: boolean;
  connected: number;
  sent: number;
  acked: number;
  commands: number;
  errors: number;
  provisioned: number;
  enrolled: number;
  refused: number;
  done?: boolean;
}

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
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  createInterface({ input: child.stdout }).on('line', (line) => {
    latest = JSON.parse(line) as FleetSnapshot;
  });
  // Per-device problems are counted, and only the first few shown, so a bad run stays readable.
  createInterface({ input: child.stderr }).on('line', (line) => {
    if (errorLines++ < 5) console.error(`fleet: ${line}`);
  });
  return {
    pid: child.pid ?? 0,
    latest: () => latest,
    async waitFor(test: (s: FleetSnapshot) => boolean, timeoutMs: number, what: string) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const snapshot = latest as FleetSnapshot | null;
        if (snapshot && test(snapshot)) return snapshot;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error(`fleet: timed out waiting for ${what}; last ${JSON.stringify(latest)}`);
    },
    async stop(): Promise<FleetSnapshot | null> {
      child.kill('SIGTERM');
      await exited;
      return latest;
    },
  };
};
