import type { AutomationPreview } from '@netfleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceTelemetry } from '@/db/telemetry-table';
import {
  automationsHelpers,
  startAutomationsApp,
  type AutomationsApp,
} from '@/modules/automation/automations/automations.fixtures';
import { PREVIEW_READINGS_PER_DEVICE } from './preview.repository';

let current: AutomationsApp;
const { call, body, create, device, tag, errorsOf } = automationsHelpers(() => current);

beforeAll(async () => {
  current = await startAutomationsApp();
});
afterAll(() => current.t.close());

const dynamic = (signal: number) => ({
  uptime: 60,
  temperature: 400,
  wan_state: 'mobile',
  modems: [
    {
      modem: 1,
      sim: 1,
      signal,
      operator: 'Telia',
      network_state: 'registered',
      connection_type: 'LTE',
      rx: 1,
      tx: 1,
    },
  ],
});

/** Stores readings `minutesAgo → signal` for a device as the gateway would have. */
const store = async (deviceId: number, readings: [minutesAgo: number, signal: number][]) => {
  const now = Date.now();
  await current.t.db.insert(deviceTelemetry).values(
    readings.map(([minutesAgo, signal]) => {
      const ts = new Date(now - minutesAgo * 60_000);
      return { deviceId, category: 0, ts, receivedAt: ts, data: dynamic(signal) };
    }),
  );
};

const preview = async (payload: object) => {
  const response = await call('POST', '/api/automations/preview', payload);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: AutomationPreview }).data;
};

const withHysteresis = (hysteresis: number) => [
  {
    type: 'if',
    tag: 'cond_0',
    expression: [{ parameter: 'signal', operator: '<', value: -110, hysteresis }],
    actions: [],
  },
];

describe('POST /api/automations/preview', () => {
  it('replays the covered devices readings of the last hours, with hysteresis and delays', async () => {
    const weak = await device();
    const steady = await device();
    await device(current.other); // another company's device, never covered
    // Two dips below -110 an hour apart; -108 in between is inside the hysteresis of 3.
    await store(weak.id, [
      [300, -100],
      [240, -118],
      [230, -108],
      [220, -100],
      [120, -119],
      [110, -90],
      [30 * 60, -125], // 30 h ago: outside the 24 h window
    ]);
    await store(steady.id, [
      [200, -80],
      [100, -85],
    ]);
    const tagged = await tag(current.company, [weak.id, steady.id]);
    const answer = await preview({
      ...body({ conditions_body: withHysteresis(3) }),
      scope: { tag_id: [tagged], company_id: [] },
    });
    expect(answer).toMatchObject({
      hours: 24,
      fired: 2,
      resolved: 2,
      devices_evaluated: 2,
      devices_in_scope: 2,
      truncated: false,
      thinned: false,
      unreplayed_parameters: [],
    });
    expect(answer.per_device).toEqual([
      { device_id: weak.id, device_name: weak.name, fired: 2, resolved: 2 },
    ]);

    // Without hysteresis -108 resolves the first dip at once; a 15-minute delay keeps both out.
    const plain = await preview({
      ...body({ conditions_body: withHysteresis(0) }),
      device_ids: [weak.id],
    });
    expect(plain).toMatchObject({ fired: 2, resolved: 2, devices_in_scope: 1 });
    const delayed = await preview({
      ...body({ delay_enabled: true, delay_duration: 15 * 60 }),
      device_ids: [weak.id],
    });
    expect(delayed.fired).toBe(0);
  });

  it('covers a saved rule assigned devices and thins a device that reports more than once a minute', async () => {
    const busy = await device();
    const readings: [number, number][] = [];
    for (let i = 0; i <= PREVIEW_READINGS_PER_DEVICE + 60; i += 1)
      readings.push([i / 2, i % 240 < 120 ? -118 : -90]);
    await store(busy.id, readings);
    const rule = await create();
    const assigned = await call('PUT', `/api/automations/${rule.id}/devices`, [
      { devices: [busy.id] },
    ]);
    expect(assigned.statusCode, assigned.body).toBe(200);
    const answer = await preview({ ...body(), id: rule.id });
    expect(answer).toMatchObject({ devices_in_scope: 1, thinned: true });
    expect(answer.fired).toBeGreaterThan(0);
  });

  it('names the parameters it cannot replay and refuses a company the caller cannot see', async () => {
    const events = await preview({
      ...body({
        conditions_body: [
          {
            type: 'if',
            tag: 'cond_0',
            expression: [{ parameter: 'firmware_changed', operator: '==', value: true }],
            actions: [],
          },
        ],
      }),
    });
    expect(events).toMatchObject({ fired: 0, unreplayed_parameters: ['firmware_changed'] });
    const hidden = await call('POST', '/api/automations/preview', {
      ...body(),
      company_id: current.other.id,
    });
    expect(hidden.statusCode).toBe(422);
    expect(errorsOf(hidden)[0]?.source).toBe('company_id');
    const tooLong = await call('POST', '/api/automations/preview', { ...body(), hours: 1000 });
    expect(errorsOf(tooLong)[0]?.source).toBe('hours');
  });
});
