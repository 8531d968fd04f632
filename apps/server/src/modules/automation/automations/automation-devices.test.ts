import { AUTOMATION_MESSAGES, type Automation, type AutomationDevice } from '@netfleet/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { automationDevices } from '@/db/schema';
import {
  type AutomationsApp,
  automationsHelpers,
  startAutomationsApp,
} from './automations.fixtures';

let app: AutomationsApp;
beforeAll(async () => {
  app = await startAutomationsApp();
});
afterAll(() => app.t.close());

const { call, create, get, errorsOf, device, tag } = automationsHelpers(() => app);

const devicesOf = async (id: number, query = '') => {
  const response = await call('GET', `/api/automations/${id}/devices${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: AutomationDevice[]; meta: { total: number } };
};
const ids = (rows: { device_id: number }[]) =>
  rows.map((row) => row.device_id).sort((a, b) => a - b);
const rulesOfDevice = async (deviceId: number) => {
  const response = await call('GET', `/api/devices/${deviceId}/automations`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: Automation[] }).data.map((rule) => rule.id);
};
const explicit = async (ruleId: number) =>
  (
    await app.t.db
      .select()
      .from(automationDevices)
      .where(and(eq(automationDevices.automationId, ruleId), eq(automationDevices.assigned, true)))
  )
    .map((row) => row.deviceId)
    .sort((a, b) => a - b);

describe('devices a rule covers', () => {
  it('counts explicit, tag-scoped and company-scoped devices within the rule company, and switches them', async () => {
    const { company, child, other } = app;
    const assigned = await device();
    const tagged = await device();
    const inChild = await device(child);
    const untouched = await device();
    const foreign = await device(other);
    const tagId = await tag(company, [tagged.id, foreign.id]);
    const rule = await create({ scope: { tag_id: [tagId], company_id: [child.id] } });
    expect(rule.scope).toEqual({ tag_id: [tagId], company_id: [child.id] });

    const assign = await call('PUT', '/api/automations/devices/assign', {
      data: [{ automation_id: rule.id, device_id: [assigned.id] }],
    });
    expect(assign.statusCode, assign.body).toBe(200);
    let read = await get(rule.id);
    // The foreign device carries the tag but lies outside the rule's company: not covered.
    expect([read.devices_count, read.active_devices_count]).toEqual([3, 3]);
    const listed = await devicesOf(rule.id);
    expect(ids(listed.data)).toEqual([assigned.id, tagged.id, inChild.id]);
    expect(listed.meta.total).toBe(3);
    expect(listed.data[0]).toMatchObject({
      automation_id: rule.id,
      total_triggered_count: 0,
      period_triggered_count: 0,
      period_trigger_limit: null,
      last_triggered_at: null,
      enabled: true,
    });
    expect(listed.data[0]?.created_at).toMatch(/T/);
    expect(ids((await devicesOf(rule.id, `?q=${inChild.serial}`)).data)).toEqual([inChild.id]);

    expect(await rulesOfDevice(inChild.id)).toContain(rule.id);
    expect(await rulesOfDevice(untouched.id)).not.toContain(rule.id);

    // Switched off for the tagged device (covered by scope only): a settings-only row.
    const off = await call('PUT', `/api/automations/${rule.id}/devices/activation`, [
      { enable: false, devices: [tagged.id] },
    ]);
    expect(off.statusCode, off.body).toBe(200);
    read = await get(rule.id);
    expect([read.devices_count, read.active_devices_count]).toEqual([3, 2]);
    expect((await devicesOf(rule.id, '?sort=enabled')).data[0]).toMatchObject({
      device_id: tagged.id,
      enabled: false,
    });
    expect(await explicit(rule.id)).toEqual([assigned.id]);

    // Unassigning a switched-off device keeps it off but no longer assigned.
    await call('PUT', `/api/automations/${rule.id}/devices/activation`, [
      { enabled: false, devices: [assigned.id] },
    ]);
    const unassign = await call('PUT', '/api/automations/devices/unassign', {
      data: [{ automation_id: rule.id, device_id: [assigned.id] }],
    });
    expect(unassign.statusCode, unassign.body).toBe(200);
    read = await get(rule.id);
    expect([read.devices_count, read.active_devices_count]).toEqual([2, 1]);
    expect(await explicit(rule.id)).toEqual([]);
  });

  it('refuses devices out of reach or outside the rule company, and scopes outside it', async () => {
    const { company, child, other } = app;
    const foreign = await device(other);
    const parentDevice = await device(company);
    const rule = await create();
    const childRule = await create({ company_id: child.id });

    const hidden = await call('PUT', '/api/automations/devices/assign', {
      data: [{ automation_id: rule.id, device_id: [foreign.id] }],
    });
    expect(hidden.statusCode).toBe(422);
    expect(errorsOf(hidden)[0]).toMatchObject({
      source: 'data.0.device_id.0',
      message: AUTOMATION_MESSAGES.deviceNotFound,
    });
    const outside = await call('PUT', `/api/automations/${childRule.id}/devices`, [
      { devices: [parentDevice.id] },
    ]);
    expect(outside.statusCode).toBe(422);
    expect(errorsOf(outside)[0]).toMatchObject({
      source: '0.devices.0',
      message: AUTOMATION_MESSAGES.deviceOutside,
    });
    const scope = await call('POST', '/api/automations', {
      name: 'Child rule',
      company_id: child.id,
      scope: { company_id: [company.id] },
      conditions_body: rule.conditions_body,
    });
    expect(scope.statusCode).toBe(422);
    expect(errorsOf(scope)[0]).toMatchObject({
      source: 'scope.company_id.0',
      message: AUTOMATION_MESSAGES.scopeCompanyOutside,
    });
    const unknownRule = await call('PUT', '/api/devices/automations/overwrite', {
      data: [{ device_id: parentDevice.id, automation_id: [999_999] }],
    });
    expect(unknownRule.statusCode).toBe(422);
    expect(errorsOf(unknownRule)[0]?.source).toBe('data.0.automation_id.0');
    expect((await call('GET', `/api/devices/${foreign.id}/automations`)).statusCode).toBe(404);
  });
});

describe('assignments', () => {
  it('replaces, overwrites per device and per rule, and removes with a JSON body on DELETE', async () => {
    const a = await device();
    const b = await device();
    const c = await device();
    const rule = await create();
    const second = await create();

    const replaced = await call('PUT', `/api/automations/${rule.id}/devices`, [
      { devices: [a.id, b.id] },
    ]);
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(await explicit(rule.id)).toEqual([a.id, b.id]);
    await call('PUT', `/api/automations/${rule.id}/devices`, [{ devices: [b.id, c.id] }]);
    expect(await explicit(rule.id)).toEqual([b.id, c.id]);

    // Route 16: device c now has exactly `second`.
    const perDevice = await call('PUT', '/api/devices/automations/overwrite', {
      data: [{ device_id: c.id, automation_id: [second.id] }],
    });
    expect(perDevice.statusCode, perDevice.body).toBe(200);
    expect(await explicit(rule.id)).toEqual([b.id]);
    expect(await explicit(second.id)).toEqual([c.id]);
    await call('PUT', '/api/devices/automations/overwrite', {
      data: [{ device_id: c.id, automation_id: [] }],
    });
    expect(await explicit(second.id)).toEqual([]);

    // Route 17: the rule named gets exactly the devices that list it.
    const perRule = await call('PUT', '/api/automations/devices/overwrite', {
      data: [
        { device_id: a.id, automation_id: [rule.id] },
        { device_id: c.id, automation_id: [rule.id, second.id] },
      ],
    });
    expect(perRule.statusCode, perRule.body).toBe(200);
    expect(await explicit(rule.id)).toEqual([a.id, c.id]);
    expect(await explicit(second.id)).toEqual([c.id]);
    expect((await get(rule.id)).devices_count).toBe(2);

    const removed = await call('DELETE', `/api/automations/${rule.id}/devices`, [
      { devices: [a.id] },
    ]);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await explicit(rule.id)).toEqual([c.id]);
    expect(ids((await devicesOf(rule.id)).data)).toEqual([c.id]);
  });
});
