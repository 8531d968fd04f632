import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SIM_BIN = join(import.meta.dirname, '..', '..', 'agent', 'bin', 'netfleet-sim.mjs');
export const E2E_MQTT_URL = `mqtt://127.0.0.1:${process.env.E2E_MQTT_PORT ?? '18184'}`;

export interface SimulatorOptions {
  devices: number;
  /** Fleet seed: two fleets with different seeds have different serials. */
  seed: number;
  baseURL: string;
  user: { email: string; password: string };
  /** More netfleet-sim flags (e.g. --vnc-target). */
  extraArgs?: string[];
}

export interface Simulator {
  /** Lines the simulator printed, newest last (stats every second). */
  output: string[];
  /** The devices enrolled so far (the simulator's state file): serial and device id. */
  devices(): { serial: string; id: number }[];
  /** Stops the fleet: its devices disconnect and go offline. */
  stop(): Promise<void>;
}

/** Runs `netfleet-sim` (apps/agent) as its own process: it adds its devices through the API. */
export function startSimulator(options: SimulatorOptions): Simulator {
  const stateDir = mkdtempSync(join(tmpdir(), 'netfleet-e2e-sim-'));
  const statePath = join(stateDir, 'state.json');
  const args = [
    SIM_BIN,
    ...['--devices', String(options.devices), '--seed', String(options.seed)],
    ...['--mqtt', E2E_MQTT_URL, '--url', options.baseURL],
    ...['--email', options.user.email, '--password', options.user.password],
    ...['--state', statePath, '--stats', '1'],
    ...(options.extraArgs ?? []),
  ];
  const child: ChildProcess = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const collect = (chunk: Buffer) => output.push(...chunk.toString().split('\n').filter(Boolean));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    output,
    devices: () => {
      if (!existsSync(statePath)) return [];
      const state = JSON.parse(readFileSync(statePath, 'utf8')) as {
        devices: Record<string, { device_id?: number }>;
      };
      return Object.entries(state.devices).flatMap(([serial, entry]) =>
        entry.device_id ? [{ serial, id: entry.device_id }] : [],
      );
    },
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(stateDir, { recursive: true, force: true });
    },
  };
}
