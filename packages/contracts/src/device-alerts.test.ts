import { describe, expect, it } from 'vitest';
import { alertConfigAddBodySchema } from './api/device-alerts.ts';
import { addDataUsage, dataPeriodStart } from './device-alert-usage.ts';
import {
  type DeviceAlertConfig,
  deviceAlertConfigSchema,
  deviceAlertUsageKey,
  emptyDeviceAlertState,
  evaluateDeviceAlerts,
  renderDeviceAlertMessage,
} from './device-alerts.ts';
import { mayDevicePublish, parseTopic, SERVER_SUBSCRIPTIONS, topics } from './device-protocol.ts';

const config = (values: Partial<DeviceAlertConfig> & { id: number }): DeviceAlertConfig =>
  deviceAlertConfigSchema.parse({ alert_type_id: 3, alert_subtype_id: 9, ...values });

const MINUTE = 60_000;

describe('evaluateDeviceAlerts', () => {
  it('raises a threshold once while it holds, and again only past redundancy_interval', () => {
    const set = [config({ id: 1, redundancy_interval: 5 })];
    let state = emptyDeviceAlertState();
    const run = (signal: number, at: number) => {
      const result = evaluateDeviceAlerts(set, { signal }, state, at);
      state = result.state;
      return result.events;
    };
    expect(run(-60, 0)).toEqual([]);
    expect(run(-118, MINUTE)).toEqual([
      {
        config_id: 1,
        alert_type_id: 3,
        alert_subtype_id: 9,
        text: 'Signal strength dropped below -75 dBm (-118 dBm)',
        values: { signal: -118 },
      },
    ]);
    expect(run(-118, 2 * MINUTE)).toEqual([]);
    expect(run(-60, 3 * MINUTE)).toEqual([]);
    // Starts to hold again within 5 minutes of the last event: de-duplicated.
    expect(run(-118, 4 * MINUTE)).toEqual([]);
    expect(run(-60, 5 * MINUTE)).toEqual([]);
    expect(run(-118, 7 * MINUTE)).toHaveLength(1);
  });

  it('raises on the first values when the condition already holds, and not on unknown values', () => {
    const set = [config({ id: 1 })];
    const state = emptyDeviceAlertState();
    expect(evaluateDeviceAlerts(set, { temperature: 40 }, state, 0).events).toEqual([]);
    expect(evaluateDeviceAlerts(set, { signal: -100 }, state, 0).events).toHaveLength(1);
  });

  it('reports reboots, SIM switches and input changes against the last values', () => {
    const set = [
      config({ id: 1, alert_type_id: 1, alert_subtype_id: 1 }),
      config({ id: 2, alert_type_id: 1, alert_subtype_id: 2 }),
      config({ id: 3, alert_type_id: 2, alert_subtype_id: 5 }),
    ];
    const first = evaluateDeviceAlerts(
      set,
      { uptime: 500, sim_slot: 1, 'io_input:Door': 0 },
      emptyDeviceAlertState(),
      0,
    );
    expect(first.events).toEqual([]);
    const second = evaluateDeviceAlerts(
      set,
      { uptime: 12, sim_slot: 2, 'io_input:Door': 1 },
      first.state,
      MINUTE,
    );
    expect(second.events.map((event) => [event.config_id, event.text])).toEqual([
      [1, 'Device rebooted (uptime 12 s)'],
      [2, 'SIM card switched (SIM 1 → SIM 2)'],
      [3, 'Digital input went high: Door is High'],
    ]);
  });

  it('watches a geofence and a data limit', () => {
    const fence = config({
      id: 4,
      alert_type_id: 5,
      alert_subtype_id: 13,
      latitude: 54.687,
      longitude: 25.28,
      radius: 500,
    });
    const limit = config({
      id: 5,
      alert_type_id: 6,
      alert_subtype_id: 15,
      data_limit: 100,
      sim: 1,
      period: 'month',
      starts: 1,
    });
    const inside = evaluateDeviceAlerts(
      [fence, limit],
      { latitude: 54.687, longitude: 25.28, [deviceAlertUsageKey(limit)]: 1_048_576 },
      emptyDeviceAlertState(),
      0,
    );
    expect(inside.events).toEqual([]);
    const outside = evaluateDeviceAlerts(
      [fence, limit],
      { latitude: 54.7, longitude: 25.28, [deviceAlertUsageKey(limit)]: 200 * 1_048_576 },
      inside.state,
      MINUTE,
    );
    expect(outside.events.map((event) => event.config_id)).toEqual([4, 5]);
    expect(outside.events[0]?.values.distance).toBeGreaterThan(1000);
  });

  it('renders RMS message placeholders, and the default wording for an empty template', () => {
    const parts = { routerName: 'R1', eventType: 'Status change', eventText: 'x', timeStamp: 't' };
    expect(renderDeviceAlertMessage('%rn: %ex', parts)).toBe('R1: x');
    expect(renderDeviceAlertMessage('', parts)).toBe(
      'Router name - R1; Event type - Status change; Event text - x; Time stamp - t',
    );
  });
});

describe('alert_config_add_data', () => {
  const issues = (data: Record<string, unknown>) => {
    const parsed = alertConfigAddBodySchema.safeParse({ data: [data] });
    return parsed.success
      ? []
      : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };
  const base = { device_id: 1, alert_type_id: 3, alert_subtype_id: 9, action: 3, message: 'm' };

  it('accepts the RMS status change example and applies the conditional requirements', () => {
    expect(issues(base)).toEqual([]);
    expect(issues({ ...base, action: undefined })).toEqual(['data.0.action: action is required']);
    expect(issues({ ...base, alert_type_id: 1, alert_subtype_id: 1 })).toEqual([
      'data.0.redundancy_interval: redundancy_interval is required',
    ]);
    expect(issues({ ...base, action: 2 })).toEqual([
      'data.0.action: SMS alerts are not available: netfleet has no SMS gateway',
    ]);
    expect(issues({ ...base, alert_type_id: 4, alert_subtype_id: 11, action: undefined })).toEqual([
      'data.0.redundancy_interval: redundancy_interval is required',
    ]);
    expect(issues({ ...base, alert_type_id: 6, alert_subtype_id: 15, message: undefined })).toEqual(
      [
        'data.0.redundancy_interval: redundancy_interval is required',
        'data.0.data_limit: data_limit is required',
        'data.0.sim: sim is required',
        'data.0.period: period is required',
        'data.0.starts: starts is required',
        'data.0.phone: phone is required',
      ],
    );
    expect(
      issues({ ...base, alert_type_id: 5, alert_subtype_id: 13, redundancy_interval: 5 }),
    ).toEqual([
      'data.0.latitude: latitude is required',
      'data.0.longitude: longitude is required',
      'data.0.radius: radius is required',
    ]);
  });
});

describe('the al topic', () => {
  it('is the device alert topic, subscribed by the server and published by its own device only', () => {
    expect(topics.alert(7)).toBe('nf/d/7/al');
    expect(parseTopic('nf/d/7/al')).toEqual({ kind: 'alert', deviceId: 7 });
    expect(SERVER_SUBSCRIPTIONS).toContain('nf/d/+/al');
    expect(mayDevicePublish(7, 'nf/d/7/al')).toBe(true);
    expect(mayDevicePublish(8, 'nf/d/7/al')).toBe(false);
  });
});

describe('data usage for the data limit alert', () => {
  const at = (iso: string) => Date.parse(iso);

  it('finds the start of the period a moment is in', () => {
    // 2026-11-29 is a Sunday.
    expect(dataPeriodStart(at('2026-11-29T10:00:00Z'), 'day', 6)).toBe(at('2026-11-29T06:00:00Z'));
    expect(dataPeriodStart(at('2026-11-29T03:00:00Z'), 'day', 6)).toBe(at('2026-11-28T06:00:00Z'));
    expect(dataPeriodStart(at('2026-11-29T10:00:00Z'), 'week', 1)).toBe(at('2026-11-23T00:00:00Z'));
    expect(dataPeriodStart(at('2026-11-29T10:00:00Z'), 'week', 7)).toBe(at('2026-11-29T00:00:00Z'));
    expect(dataPeriodStart(at('2026-11-29T10:00:00Z'), 'month', 15)).toBe(
      at('2026-11-15T00:00:00Z'),
    );
    expect(dataPeriodStart(at('2026-11-10T10:00:00Z'), 'month', 31)).toBe(
      at('2026-10-31T00:00:00Z'),
    );
  });

  it('sums a SIM’s bytes per period and raises the limit once reached', () => {
    const limit = config({
      id: 5,
      alert_type_id: 6,
      alert_subtype_id: 15,
      data_limit: 1,
      sim: 2,
      period: 'day',
      starts: 0,
    });
    const day = at('2026-11-29T10:00:00Z');
    let usage = addDataUsage(
      {},
      [limit],
      new Map([
        [2, 600_000],
        [1, 5_000_000],
      ]),
      day,
    );
    expect(usage.values).toEqual({ [deviceAlertUsageKey(limit)]: 600_000 });
    const first = evaluateDeviceAlerts([limit], usage.values, emptyDeviceAlertState(), day);
    expect(first.events).toEqual([]);
    usage = addDataUsage(usage.state, [limit], new Map([[2, 600_000]]), day + 60_000);
    expect(
      evaluateDeviceAlerts([limit], usage.values, first.state, day + 60_000).events,
    ).toHaveLength(1);
    // The next day starts from nothing.
    usage = addDataUsage(usage.state, [limit], new Map([[2, 1]]), day + 86_400_000);
    expect(usage.values).toEqual({ [deviceAlertUsageKey(limit)]: 1 });
  });
});
