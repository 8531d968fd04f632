import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { failuresOf, isDeviceRefusal, nameDevices, partialErrorsOf } from './device-outcome';

const names = new Map([[42, 'Depot router']]);
const offline = { code: 'CONFLICT', message: 'The device is offline', source: '42' };
const unknownDevice = { code: 'NOT_FOUND', message: 'Device not found', source: '99' };
const general = { code: 'VALIDATION_ERROR', message: 'File not found', source: 'data.0.file_id' };

describe('device outcome', () => {
  it('names the device each error is about, or its id when it is not one of the picked', () => {
    expect(failuresOf([offline, unknownDevice, general], names)).toEqual([
      { device: 'Depot router', message: 'The device is offline' },
      { device: '99', message: 'Device not found' },
      { device: '', message: 'File not found' },
    ]);
  });

  it("reads a 207's errors, and nothing from a plain success", () => {
    // The api client hands a 207's envelope over whole, its errors beside the data.
    const partial = { success: true as const, data: null, errors: [offline] };
    expect(partialErrorsOf(partial)).toEqual([offline]);
    expect(partialErrorsOf({ success: true, data: null })).toEqual([]);
  });

  it('puts device names into the messages of a refusal', () => {
    const refusal = new ApiError(409, 'Conflict', [offline, general]);
    expect(isDeviceRefusal(refusal)).toBe(true);
    expect(isDeviceRefusal(new ApiError(422, 'Unprocessable', [general]))).toBe(false);
    const named = nameDevices(refusal, names) as ApiError;
    expect(named.status).toBe(409);
    expect(named.errors.map((item) => item.message)).toEqual([
      'Depot router: The device is offline',
      'File not found',
    ]);
    const network = new Error('offline');
    expect(nameDevices(network, names)).toBe(network);
  });
});
