import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AutomationInput, createInputRouter } from './input-router';

const AT = new Date('2026-11-29T12:00:00Z');

const setup = (owned: Set<number>, owners: Record<number, string>) => {
  const applied: string[] = [];
  const sent: { owner: string; batch: AutomationInput[] }[] = [];
  const router = createInputRouter({
    local: {
      reading: (deviceId, category) => applied.push(`reading ${deviceId} ${category}`),
      event: (deviceId, key) => applied.push(`event ${deviceId} ${key}`),
      liveness: (rows) =>
        rows.forEach((row) => applied.push(`status ${row.deviceId} ${row.status}`)),
    },
    owns: (deviceId) => owned.has(deviceId),
    ownerOf: (deviceId) => owners[deviceId] ?? null,
    send: async (owner, batch) => sent.push({ owner, batch }),
    log: { warn: () => undefined },
  });
  return { router, applied, sent };
};

afterEach(() => vi.useRealTimers());

describe('automation input router', () => {
  it('evaluates what this instance owns at once and batches the rest per owner', () => {
    vi.useFakeTimers();
    const { router, applied, sent } = setup(new Set([1]), { 2: 'b', 3: 'b', 4: 'c' });
    router.inputs.reading(1, 'dynamic', { uptime: 1 }, AT);
    router.inputs.reading(2, 'dynamic', { uptime: 2 }, AT);
    router.inputs.event(3, 'device_added', 'added', AT);
    router.inputs.liveness([{ deviceId: 4, status: 0, at: AT }]);
    expect(applied).toEqual(['reading 1 dynamic']);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(50);
    expect(sent.map(({ owner, batch }) => `${owner}: ${batch.map((i) => i.d).join(',')}`)).toEqual([
      'b: 2,3',
      'c: 4',
    ]);
    expect(sent[0]?.batch[0]).toEqual({
      k: 'r',
      d: 2,
      c: 'dynamic',
      x: { uptime: 2 },
      t: AT.getTime(),
    });
    expect(router.counts()).toEqual({ dropped: 0, forwarded: 3 });
  });

  it('applies a forwarded batch it owns and drops what moved on or has no owner', () => {
    vi.useFakeTimers();
    const { router, applied, sent } = setup(new Set([1]), { 2: 'b' });
    router.received([
      { k: 'l', d: 1, s: 1, t: AT.getTime() },
      { k: 'e', d: 1, e: 'sim_changed', x: 'SIM 2', t: AT.getTime() },
      // Moved to b since it was sent: not bounced around again.
      { k: 'l', d: 2, s: 0, t: AT.getTime() },
    ]);
    router.inputs.reading(9, 'dynamic', {}, AT);
    vi.advanceTimersByTime(100);
    expect(applied).toEqual(['status 1 1', 'event 1 sim_changed']);
    expect(sent).toEqual([]);
    expect(router.counts()).toEqual({ dropped: 2, forwarded: 0 });
  });
});
