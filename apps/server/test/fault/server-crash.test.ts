// Issue 23, kill -9 of the server with work in flight: a bulk reboot on half the fleet, a task
// step (a command that runs for seconds) on the other half, device renames just acknowledged
// and readings arriving every second (buffered for the next flush). The server is killed with
// SIGKILL and started again on the same DATA_DIR (PGlite: its pid lock and files as the crash
// left them) or the same PostgreSQL database, and the same ports.
// Promised (docs/device-protocol.md, task-restart.test.ts): every job and step finishes once —
// a device reports the jobs it finished in its hello, a step still running completes through its
// own result — nothing runs twice (the simulator counts executions), what was acknowledged is
// stored.
import { setTimeout as sleep } from 'node:timers/promises';
import type { TaskRun } from '@netfleet/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionApi } from '../../../../bench/lib/server-process';
import {
  createCleanup,
  DATABASE_KINDS,
  fleetOn,
  scenarioDatabase,
  serverOn,
  setting,
  storedReadings,
  waitFor,
} from './fault-kit';

const DEVICES = setting('FAULT_CRASH_DEVICES', 40);
/** A canned ping answers one probe a second: the step runs ~8 s on each device. */
const COMMAND = 'ping -c 8 example.com';
/** The reboot outlasts the crash: devices come back to the restarted server. */
const REBOOT_MS = 6_000;

const cleanup = createCleanup();
afterEach(() => cleanup.run(), 180_000);

interface Job {
  device_id: number;
  type: string;
  status: string;
}

describe.each(DATABASE_KINDS)('a server on %s killed with work in flight', (kind) => {
  it('loses nothing acknowledged and runs nothing twice after it starts again', async () => {
    const database = await scenarioDatabase(cleanup, kind);
    const start = serverOn(database);
    const first = await start(cleanup);
    const fleet = fleetOn(first, cleanup, {
      devices: DEVICES,
      intervalMs: 1000,
      rebootMs: REBOOT_MS,
    });
    await fleet.waitFor((s) => s.connected >= DEVICES, 90_000, 'every device online');
    await fleet.waitFor((s) => s.acked >= DEVICES * 2, 30_000, 'readings flowing');

    let api = await sessionApi(first.url);
    const listed = await api<{ data: { id: number }[] }>('/api/devices?limit=1000');
    const ids = listed.data.map((device) => device.id).sort((a, b) => a - b);
    expect(ids).toHaveLength(DEVICES);
    const rebooted = ids.slice(0, DEVICES / 2);
    const tasked = ids.slice(DEVICES / 2);

    const group = await api<{ data: { id: number } }>('/api/devices/tasks/groups', {
      method: 'POST',
      body: {
        name: 'Crash check',
        tasks: [
          { name: 'Ping', order: 0, timeout: 90, action: 'command', data: { command: COMMAND } },
        ],
      },
    });
    const executed = await api<{ meta: { run_id: number } }>(
      `/api/devices/tasks/groups/${group.data.id}`,
      { method: 'POST', body: { device_id: tasked } },
    );
    await api('/api/devices/actions', {
      method: 'POST',
      body: { action: 'reboot', device_id: rebooted },
    });
    await fleet.waitFor((s) => s.commands >= DEVICES, 30_000, 'every device running its job');
    // Settings acknowledged a moment before the crash.
    for (const id of ids) {
      await api(`/api/devices/${id}`, { method: 'PUT', body: { name: `Crash ${id}` } });
    }

    await first.kill();
    await sleep(1000);
    const second = await start(cleanup, first);
    api = await sessionApi(second.url);

    const runPath = `/api/devices/tasks/runs/${executed.meta.run_id}`;
    const run = await waitFor(
      async () => (await api<{ data: TaskRun }>(runPath)).data,
      (r) => r.status === 'completed',
      120_000,
    );
    expect(run.counts).toMatchObject({ total: tasked.length, completed: tasked.length, failed: 0 });
    const logs = await api<{ data: { device_id: number; status: string; attempt: number }[] }>(
      `/api/devices/tasks/logs?run_id=${executed.meta.run_id}&limit=1000`,
    );
    expect(logs.data.map((log) => log.device_id).sort((a, b) => a - b)).toEqual(tasked);
    expect(logs.data.every((log) => log.status === 'completed' && log.attempt === 1)).toBe(true);

    const reboots = await waitFor(
      async () =>
        (await api<{ data: Job[] }>('/api/devices/actions/logs?limit=1000')).data.filter(
          (job) => job.type === 'reboot',
        ),
      (jobs) => jobs.every((job) => job.status === 'completed'),
      60_000,
    );
    expect(reboots.map((job) => job.device_id).sort((a, b) => a - b)).toEqual(rebooted);
    expect(reboots.map((job) => job.status)).toEqual(rebooted.map(() => 'completed'));

    const renamed = await api<{ data: { id: number; name: string }[] }>('/api/devices?limit=1000');
    expect(renamed.data.every((device) => device.name === `Crash ${device.id}`)).toBe(true);

    // Every device ran its one job once, though the crash came while they ran.
    await sleep(3000);
    const final = await fleet.stop();
    expect(final?.commands).toBe(DEVICES);
    await second.stop();
    const stored = await storedReadings(second, database);
    console.log(
      `server crash: ${final?.sent} readings sent, ${final?.acked} acknowledged, ${stored} stored`,
    );
    expect(stored).toBeGreaterThanOrEqual(final?.acked ?? Infinity);
  });
});
