import { describe, expect, it } from 'vitest';
import { ApiError, type ApiResponse } from '@/lib/api-client';
import { byDataIndex, runBulk } from './bulk-outcome';

const devices = [
  { id: 1, name: 'Gate' },
  { id: 2, name: 'Pump' },
];
const errorItem = (source: string | null, message = 'Device not found') => ({
  code: 'NOT_FOUND',
  message,
  source,
});

describe('runBulk', () => {
  it('names each device a 207 left undone', async () => {
    const response = {
      success: true,
      meta: { channel: 'c' },
      errors: [errorItem('2')],
    } as unknown as ApiResponse<unknown>;
    const outcome = await runBulk(devices, () => Promise.resolve(response));
    expect(outcome).toEqual({
      total: 2,
      failures: [{ device: 'Pump', message: 'Device not found' }],
    });
  });

  it('reads a refused request whose errors name devices as nothing done', async () => {
    const refused = new ApiError(404, 'Not Found', [errorItem('1'), errorItem('2')]);
    const outcome = await runBulk(devices, () => Promise.reject(refused));
    expect(outcome.failures.map((failure) => failure.device)).toEqual(['Gate', 'Pump']);
  });

  it('throws failures that name no device', async () => {
    const refused = new ApiError(403, 'Forbidden', [errorItem(null, 'Forbidden')]);
    await expect(runBulk(devices, () => Promise.reject(refused))).rejects.toBe(refused);
  });

  it('maps `data.<index>` sources through the body items', async () => {
    const response = {
      success: true,
      data: [],
      errors: [errorItem('data.1.tag_id', 'Tag not found in the device company')],
    } as unknown as ApiResponse<unknown>;
    const items = [2, 1];
    const outcome = await runBulk(
      devices,
      () => Promise.resolve(response),
      byDataIndex((index) => items[index]),
    );
    expect(outcome.failures).toEqual([
      { device: 'Gate', message: 'Tag not found in the device company' },
    ]);
  });
});
