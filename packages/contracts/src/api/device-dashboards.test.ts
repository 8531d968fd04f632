import { describe, expect, it } from 'vitest';
import {
  deviceDashboardWidgetInputSchema,
  deviceDashboardWidgetSchema,
  deviceDashboardWidgetsInputSchema,
} from './device-dashboards.ts';

const refused = (value: unknown) => !deviceDashboardWidgetInputSchema.safeParse(value).success;

describe('device dashboard widgets', () => {
  it('reads every kind as sent, filling what a new widget may leave out', () => {
    expect(deviceDashboardWidgetInputSchema.parse({ kind: 'chart', metric: 'signal' })).toEqual({
      kind: 'chart',
      metric: 'signal',
      title: '',
    });
    expect(deviceDashboardWidgetInputSchema.parse({ kind: 'value', metric: 'load' })).toMatchObject(
      { kind: 'value', metric: 'load' },
    );
    expect(deviceDashboardWidgetInputSchema.parse({ kind: 'facts', title: ' Box ' })).toEqual({
      kind: 'facts',
      title: 'Box',
    });
    expect(deviceDashboardWidgetInputSchema.parse({ kind: 'io' })).toEqual({
      kind: 'io',
      title: '',
      pin: null,
    });
    expect(
      deviceDashboardWidgetInputSchema.parse({
        kind: 'io',
        pin: { type: 'relay', name: ' Relay ' },
      }),
    ).toMatchObject({ pin: { type: 'relay', name: 'Relay' } });
    expect(deviceDashboardWidgetInputSchema.parse({ kind: 'gps' })).toEqual({
      kind: 'gps',
      title: '',
      track: false,
    });
    expect(deviceDashboardWidgetInputSchema.parse({ kind: 'gps', track: true })).toMatchObject({
      track: true,
    });
    expect(deviceDashboardWidgetInputSchema.parse({ kind: 'image', image_id: 5 })).toEqual({
      kind: 'image',
      title: '',
      image_id: 5,
    });
  });

  it('refuses a widget missing what its kind needs, or carrying a bad value', () => {
    expect(refused({ kind: 'chart' })).toBe(true);
    expect(refused({ kind: 'value', metric: 'nope' })).toBe(true);
    expect(refused({ kind: 'gauge' })).toBe(true);
    expect(refused({ kind: 'io', pin: { type: 'output', name: 'Relay' } })).toBe(true);
    expect(refused({ kind: 'io', pin: { type: 'input', name: ' ' } })).toBe(true);
    expect(refused({ kind: 'io', pin: { type: 'input', name: 'x'.repeat(65) } })).toBe(true);
    expect(refused({ kind: 'io', pin: 'Relay' })).toBe(true);
    expect(refused({ kind: 'gps', track: 'yes' })).toBe(true);
    expect(refused({ kind: 'image' })).toBe(true);
    expect(refused({ kind: 'image', image_id: 0 })).toBe(true);
    expect(refused({ kind: 'image', image_id: 1.5 })).toBe(true);
    expect(refused({ kind: 'image', image_id: '3' })).toBe(true);
    expect(refused({ kind: 'facts', id: '../x' })).toBe(true);
  });

  it('stores widgets complete: a stored io or gps widget carries its pin or track', () => {
    expect(deviceDashboardWidgetSchema.safeParse({ id: 'a', title: '', kind: 'io' }).success).toBe(
      false,
    );
    expect(
      deviceDashboardWidgetSchema.safeParse({ id: 'a', title: '', kind: 'io', pin: null }).success,
    ).toBe(true);
    expect(deviceDashboardWidgetSchema.safeParse({ id: 'a', title: '', kind: 'gps' }).success).toBe(
      false,
    );
  });

  it('refuses duplicate ids and more than 12 widgets', () => {
    const twice = [
      { kind: 'gps', id: 'a' },
      { kind: 'image', id: 'a', image_id: 1 },
    ];
    expect(deviceDashboardWidgetsInputSchema.safeParse(twice).success).toBe(false);
    const many = Array.from({ length: 13 }, () => ({ kind: 'io' }));
    expect(deviceDashboardWidgetsInputSchema.safeParse(many).success).toBe(false);
    expect(deviceDashboardWidgetsInputSchema.safeParse(many.slice(1)).success).toBe(true);
  });
});
