import { type DeviceChange, deviceChannel } from '@netfleet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CompanyPaths } from './company-paths';
import { createDeviceLive, type DeviceLive } from './device-live';

const silent = {
  error: () => undefined,
  warn: () => undefined,
} as unknown as FastifyBaseLogger;

// Root 1 → 5 → 9, and 7 beside 5.
const PATHS = new Map([
  [1, '/1/'],
  [5, '/1/5/'],
  [9, '/1/5/9/'],
  [7, '/1/7/'],
]);

const setup = (
  options: { intervalMs?: number; maxBatch?: number; paths?: Partial<CompanyPaths> } = {},
) => {
  const emitted: { channel: string; devices: DeviceChange[] }[] = [];
  const lookups: number[][] = [];
  const companyPaths: CompanyPaths = {
    async resolve(ids) {
      lookups.push([...ids]);
      return new Map(ids.flatMap((id) => (PATHS.has(id) ? [[id, PATHS.get(id) ?? '']] : [])));
    },
    ...options.paths,
  };
  const live = createDeviceLive({
    publisher: {
      toChannel: (channel, event, ...[payload]) => {
        expect(event).toBe('DevicesChanged');
        emitted.push(payload as { channel: string; devices: DeviceChange[] });
        expect(channel).toBe(emitted.at(-1)?.channel);
      },
    },
    companyPaths,
    log: silent,
    intervalMs: options.intervalMs ?? 60_000,
    ...(options.maxBatch ? { maxBatch: options.maxBatch } : {}),
  });
  opened.push(live);
  const to = (channel: string) =>
    emitted.filter((e) => e.channel === channel).flatMap((e) => e.devices);
  return { live, emitted, lookups, to };
};
const opened: DeviceLive[] = [];
afterEach(async () => {
  for (const live of opened.splice(0)) await live.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('live device changes', () => {
  it("sends a change to its company's own channel and to the tree channel of every ancestor", async () => {
    const { live, emitted, to } = setup();
    live.add({ id: 42, company_id: 9, status: 1 });
    await live.flush();

    expect(emitted.map((e) => e.channel).sort()).toEqual(
      [
        deviceChannel(9, 'own'),
        deviceChannel(1, 'tree'),
        deviceChannel(5, 'tree'),
        deviceChannel(9, 'tree'),
      ].sort(),
    );
    expect(to(deviceChannel(1, 'tree'))).toEqual([{ id: 42, company_id: 9, status: 1 }]);
    // Neither a sibling's channels nor an ancestor's own channel.
    expect(to(deviceChannel(7, 'tree'))).toEqual([]);
    expect(to(deviceChannel(5, 'own'))).toEqual([]);
  });

  it('coalesces changes of a device within an interval: one entry, newest values, fields merged', async () => {
    const { live, emitted, to } = setup();
    live.add({ id: 42, company_id: 9, status: 1, last_connection_at: '2024-01-01T00:00:00.000Z' });
    live.add({ id: 42, company_id: 9, signal: -71, information_updated: '2024-01-01T00:00:01Z' });
    live.add({ id: 42, company_id: 9, status: 0, signal: -65 });
    live.add({ id: 43, company_id: 5, status: 1 });
    await live.flush();

    expect(to(deviceChannel(9, 'own'))).toEqual([
      {
        id: 42,
        company_id: 9,
        status: 0,
        signal: -65,
        last_connection_at: '2024-01-01T00:00:00.000Z',
        information_updated: '2024-01-01T00:00:01Z',
      },
    ]);
    // One event per room, holding both devices where both belong.
    const root = emitted.filter((e) => e.channel === deviceChannel(1, 'tree'));
    expect(root).toHaveLength(1);
    expect(root[0]?.devices.map((d) => d.id).sort()).toEqual([42, 43]);
    // Emitted changes are gone: the next flush sends nothing.
    emitted.length = 0;
    await live.flush();
    expect(emitted).toEqual([]);
  });

  it('resolves the company paths of a whole batch at once', async () => {
    const { live, lookups } = setup();
    for (let id = 1; id <= 100; id += 1) live.add({ id, company_id: id % 2 ? 9 : 7, status: 1 });
    await live.flush();
    expect(lookups).toHaveLength(1);
    expect([...(lookups[0] ?? [])].sort()).toEqual([7, 9]);
  });

  it('splits a room past maxBatch entries into several events', async () => {
    const { live, to, emitted } = setup({ maxBatch: 2 });
    for (let id = 1; id <= 5; id += 1) live.add({ id, company_id: 1, status: 1 });
    await live.flush();
    const own = emitted.filter((e) => e.channel === deviceChannel(1, 'own'));
    expect(own.map((e) => e.devices.length)).toEqual([2, 2, 1]);
    expect(to(deviceChannel(1, 'own')).map((d) => d.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it("tells a moved device's former company too, with the new company id", async () => {
    const { live, to } = setup();
    live.add({ id: 42, company_id: 9, signal: -80 });
    live.add({ id: 42, company_id: 7, status: 1 }, 9);
    await live.flush();
    const moved = { id: 42, company_id: 7, status: 1, signal: -80 };
    expect(to(deviceChannel(9, 'own'))).toEqual([moved]);
    expect(to(deviceChannel(5, 'tree'))).toEqual([moved]);
    expect(to(deviceChannel(7, 'own'))).toEqual([moved]);
    // The common ancestor hears it once.
    expect(to(deviceChannel(1, 'tree'))).toEqual([moved]);
  });

  it('still reaches the own channel of a company whose path is unknown (deleted)', async () => {
    const { live, to, emitted } = setup();
    live.add({ id: 42, company_id: 404, removed: true });
    await live.flush();
    expect(emitted.map((e) => e.channel)).toEqual([deviceChannel(404, 'own')]);
    expect(to(deviceChannel(404, 'own'))).toEqual([{ id: 42, company_id: 404, removed: true }]);
  });

  it('keeps the changes when the company paths cannot be read, newer ones winning', async () => {
    let fail = true;
    const { live, to } = setup({
      paths: {
        async resolve(ids) {
          if (fail) throw new Error('database down');
          return new Map(ids.map((id) => [id, PATHS.get(id) ?? '']));
        },
      },
    });
    live.add({ id: 42, company_id: 9, status: 1, signal: -80 });
    await live.flush();
    expect(to(deviceChannel(9, 'own'))).toEqual([]);
    live.add({ id: 42, company_id: 9, status: 0 });
    fail = false;
    await live.flush();
    expect(to(deviceChannel(9, 'own'))).toEqual([
      { id: 42, company_id: 9, status: 0, signal: -80 },
    ]);
  });

  it('emits once per interval on its timer, and stops when closed', async () => {
    const { live, emitted } = setup({ intervalMs: 20 });
    live.start();
    live.add({ id: 42, company_id: 9, status: 1 });
    live.add({ id: 42, company_id: 9, status: 0 });
    const deadline = Date.now() + 2_000;
    while (emitted.length === 0 && Date.now() < deadline) await sleep(5);
    const own = () => emitted.filter((e) => e.channel === deviceChannel(9, 'own'));
    expect(own()).toEqual([
      { channel: deviceChannel(9, 'own'), devices: [{ id: 42, company_id: 9, status: 0 }] },
    ]);

    await live.close();
    live.add({ id: 43, company_id: 9, status: 1 });
    await sleep(80);
    expect(own()).toHaveLength(1);
  });

  it('clears its timer on close', async () => {
    vi.useFakeTimers();
    try {
      const { live } = setup({ intervalMs: 20 });
      const before = vi.getTimerCount();
      live.start();
      expect(vi.getTimerCount()).toBe(before + 1);
      await live.close();
      expect(vi.getTimerCount()).toBe(before);
    } finally {
      vi.useRealTimers();
    }
  });
});
