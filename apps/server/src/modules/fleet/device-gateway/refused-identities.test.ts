import { describe, expect, it, vi } from 'vitest';
import { createRefusalBuffer, type RefusedIdentity, storeRefusals } from './refused-identities';

const attempt = (mac: string, second: number, claim = 'h1'): RefusedIdentity => ({
  deviceId: 7,
  serial: '1100000001',
  mac,
  imei: null,
  model: 'RUT955',
  firmware: 'RUT9_R_00.07.06.1',
  ip: '10.0.0.1',
  claimSecretHash: claim,
  at: new Date(Date.UTC(2026, 0, 1, 0, 0, second)),
});

describe('refused identities buffer', () => {
  it('folds the attempts of one identity into one entry with the last claim', () => {
    const buffer = createRefusalBuffer();
    buffer.add(attempt('00:1E:42:00:00:02', 1, 'first'));
    buffer.add(attempt('00:1E:42:00:00:02', 3, 'last'));
    buffer.add(attempt('00:1E:42:00:00:03', 2));
    const drained = buffer.drain();
    expect(drained).toHaveLength(2);
    expect(drained[0]).toMatchObject({
      attempts: 2,
      claimSecretHash: 'last',
      firstAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 1)),
      at: new Date(Date.UTC(2026, 0, 1, 0, 0, 3)),
    });
    expect(buffer.size).toBe(0);
  });

  it('drops new identities past its bound, but still counts known ones', () => {
    const buffer = createRefusalBuffer(1);
    buffer.add(attempt('00:1E:42:00:00:02', 1));
    buffer.add(attempt('00:1E:42:00:00:03', 2));
    buffer.add(attempt('00:1E:42:00:00:02', 3));
    expect(buffer.drain().map((entry) => [entry.mac, entry.attempts])).toEqual([
      ['00:1E:42:00:00:02', 2],
    ]);
  });

  it('keeps a failed flush for the next one, folded with what came meanwhile', async () => {
    const buffer = createRefusalBuffer();
    buffer.add(attempt('00:1E:42:00:00:02', 1));
    const log = { error: vi.fn() };
    await storeRefusals(buffer, { record: () => Promise.reject(new Error('db away')) }, log);
    expect(log.error).toHaveBeenCalledOnce();
    buffer.add(attempt('00:1E:42:00:00:02', 5));
    const stored: number[] = [];
    await storeRefusals(
      buffer,
      {
        record: async (entries) => void stored.push(...entries.map((entry) => entry.attempts)),
      },
      log,
    );
    expect(stored).toEqual([2]);
  });
});
