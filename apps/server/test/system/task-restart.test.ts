// Issue 17's durability fault, on real processes: the server (`npm start`'s entry, embedded
// PGlite and Aedes) is killed with SIGKILL while a task group's step runs on simulated devices,
// then started again on the same data directory and ports. Every device's step must finish once:
// the run completes, each device has one task log (attempt 1), and the fleet executed the command
// exactly once per device (the simulator counts executions). A device reports in its hello only
// the jobs it finished, so a step still running at the restart completes through its own result.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TaskRun } from '@netfleet/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnFleet } from '../../../../bench/lib/fleet-control';
import {
  BENCH_ADMIN,
  type ServerProcess,
  sessionApi,
  startServer,
} from '../../../../bench/lib/server-process';

const DEVICES = 12;
/** A canned ping answers one probe a second: the step runs ~4 s on each device. */
const COMMAND = 'ping -c 5 example.com';

const servers: ServerProcess[] = [];
const fleets: ReturnType<typeof spawnFleet>[] = [];
const stateDir = mkdtempSync(join(tmpdir(), 'nf-restart-'));

// A fleet may take 30 s and a server 60 s to stop before they are killed.
afterAll(async () => {
  await Promise.all(fleets.map((fleet) => fleet.stop()));
  await Promise.all(servers.map((server) => server.stop()));
  servers[0]?.remove();
  rmSync(stateDir, { recursive: true, force: true });
}, 120_000);

const waitFor = async <T>(read: () => Promise<T>, done: (value: T) => boolean, ms: number) => {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(250);
  }
};

// One tier is enough for a test of processes: the PostgreSQL tier skips it.
describe.skipIf(Boolean(process.env.DATABASE_URL))('a server killed mid-run', () => {
  it('finishes every device step once after it starts again', { timeout: 180_000 }, async () => {
    const first = await startServer();
    servers.push(first);
    const fleet = spawnFleet({
      devices: DEVICES,
      seed: 7,
      mqttUrl: first.mqttUrl,
      statePath: join(stateDir, 'state.json'),
      api: { url: first.url, ...BENCH_ADMIN },
      concurrency: DEVICES,
    });
    fleets.push(fleet);
    await fleet.waitFor((s) => s.connected >= DEVICES, 60_000, 'every device online');

    let api = await sessionApi(first.url);
    const user = await api<{ company_id: number }>('/api/user');
    const group = await api<{ data: { id: number } }>('/api/devices/tasks/groups', {
      method: 'POST',
      body: {
        name: 'Restart check',
        tasks: [
          { name: 'Ping', order: 0, timeout: 60, action: 'command', data: { command: COMMAND } },
        ],
      },
    });
    const executed = await api<{ meta: { run_id: number } }>(
      `/api/devices/tasks/groups/${group.data.id}`,
      { method: 'POST', body: { company_id: [user.company_id] } },
    );
    const runPath = `/api/devices/tasks/runs/${executed.meta.run_id}`;
    const sent = await waitFor(
      async () => (await api<{ data: TaskRun }>(runPath)).data,
      (run) => run.counts.total === DEVICES && run.counts.running === DEVICES,
      30_000,
    );
    expect(sent.counts).toMatchObject({ total: DEVICES, running: DEVICES });
    // Every device has received its job and is running it (the simulator counts executions).
    await fleet.waitFor((s) => s.commands >= DEVICES, 30_000, 'every device running the step');

    // Every step is out and running on its device: the server crashes.
    await first.kill();
    await sleep(1000);
    const second = await startServer({}, first);
    servers.push(second);
    api = await sessionApi(second.url);
    const run = await waitFor(
      async () => (await api<{ data: TaskRun }>(runPath)).data,
      (r) => r.status === 'completed',
      90_000,
    );
    expect(run.status).toBe('completed');
    expect(run.counts).toMatchObject({ total: DEVICES, completed: DEVICES, failed: 0 });

    const logs = await api<{ data: { device_id: number; status: string; attempt: number }[] }>(
      `/api/devices/tasks/logs?run_id=${executed.meta.run_id}&limit=100`,
    );
    expect(logs.data).toHaveLength(DEVICES);
    expect(new Set(logs.data.map((log) => log.device_id)).size).toBe(DEVICES);
    expect(logs.data.every((log) => log.status === 'completed' && log.attempt === 1)).toBe(true);
    expect(fleet.latest()?.commands).toBe(DEVICES);
  });
});
