import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { addFormDefaults, addFormResolver, toAddItem, type AddFormValues } from './add-form';
import { nameDeviceErrors } from './server-errors';

const values = (overrides: Partial<AddFormValues>): AddFormValues => ({
  ...addFormDefaults('ada@example.com'),
  ...overrides,
});

const resolve = (input: AddFormValues) =>
  addFormResolver(11)(input, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('toAddItem', () => {
  it('sends only what the chosen type and action use', () => {
    const geofence = values({
      alert_type_id: 5,
      alert_subtype_id: 13,
      action: 3,
      subject: 'left behind',
      latitude: 54.7,
      longitude: 25.3,
      radius: 500,
      data_limit: 100,
    });
    expect(toAddItem(geofence, 11)).toEqual({
      device_id: 11,
      alert_type_id: 5,
      alert_subtype_id: 13,
      action: 3,
      message: null,
      redundancy_interval: 0,
      latitude: 54.7,
      longitude: 25.3,
      radius: 500,
    });
  });

  it('sends no interval for a status change unless repeats are skipped', () => {
    const status = values({ alert_type_id: 3, alert_subtype_id: 8 });
    expect(toAddItem(status, 11).redundancy_interval).toBeNull();
    const skipped = values({ ...status, redundancy_enable: true, redundancy_interval: 15 });
    expect(toAddItem(skipped, 11).redundancy_interval).toBe(15);
  });

  it("sends the e-mail's delivery retry, with its count and interval only when it is on", () => {
    const email = values({ alert_type_id: 3, alert_subtype_id: 8, action: 1 });
    expect(toAddItem(email, 11)).toMatchObject({ delivery_retry: false });
    expect(toAddItem(email, 11)).not.toHaveProperty('retry_count');
    const retried = values({ ...email, delivery_retry: true, retry_count: 4, retry_interval: 10 });
    expect(toAddItem(retried, 11)).toMatchObject({
      delivery_retry: true,
      retry_count: 4,
      retry_interval: 10,
    });
    // In-app only: nothing of the e-mail travels.
    expect(toAddItem({ ...retried, action: 3 }, 11)).not.toHaveProperty('delivery_retry');
  });
});

describe('addFormResolver', () => {
  it("words the contracts' missing fields as the form does, under each input", async () => {
    const result = await resolve(values({ alert_type_id: 5, alert_subtype_id: 13, message: 'x' }));
    expect(result.errors.latitude?.message).toBe('This field is required');
    expect(result.errors.radius?.message).toBe('This field is required');
  });

  it('gives the body item when the values are complete', async () => {
    const result = await resolve(values({ alert_type_id: 1, alert_subtype_id: 1, message: 'x' }));
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ device_id: 11, action: 1, email: 'ada@example.com' });
  });
});

describe('nameDeviceErrors', () => {
  it("names the device of a body item's refusal and leaves field errors alone", () => {
    const error = new ApiError(422, 'Unprocessable Entity', [
      { code: 'VALIDATION_ERROR', message: 'Device not found', source: 'data.1.device_id' },
      { code: 'VALIDATION_ERROR', message: 'Invalid email', source: 'data.0.email' },
    ]);
    const named = nameDeviceErrors(error, [
      { id: 11, name: 'Gate router' },
      { id: 12, name: 'Pump station' },
    ]);
    expect(named instanceof ApiError && named.errors).toEqual([
      { code: 'VALIDATION_ERROR', message: 'Pump station: Device not found', source: null },
      { code: 'VALIDATION_ERROR', message: 'Invalid email', source: 'data.0.email' },
    ]);
  });
});
