import { describe, expect, it } from 'vitest';
import { device } from '../test-utils';
import { patchDevice } from './live-device';

describe('patchDevice', () => {
  it('copies the live fields the change carries and keeps the others', () => {
    const before = device({ status: 1, signal: -67, operator: 'Telia' });
    const patch = patchDevice(before, [
      { id: 7, company_id: 3, status: 1 },
      { id: 42, company_id: 3, status: 0, signal: -90, last_connection_at: '2026-11-21T00:00:00Z' },
    ]);
    expect(patch?.refetch).toBe(false);
    expect(patch?.device).toMatchObject({
      status: 0,
      signal: -90,
      last_connection_at: '2026-11-21T00:00:00Z',
      operator: 'Telia',
      name: 'Depot router',
    });
    expect(before.status).toBe(1);
  });

  it('ignores events about other devices and reloads a device that moved company', () => {
    expect(patchDevice(device(), [{ id: 7, company_id: 3, status: 0 }])).toBeNull();
    expect(patchDevice(device(), [{ id: 42, company_id: 9 }])?.refetch).toBe(true);
  });
});
