import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusChannels, tags } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { hashClaimSecret } from '@/lib/device-secrets';
import { buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';
import { caller, deviceRow, insertDevice, nextMac, nextSerial } from './devices.fixtures';

let t: TestApp;
let call: ReturnType<typeof caller>;
let treeA: CompanyRow;
let childA: CompanyRow;
let treeB: CompanyRow;
let adminA: TestSession;
let guestA: TestSession;
let adminB: TestSession;

beforeAll(async () => {
  t = await buildTestApp();
  call = caller(t);
  treeA = await createCompany(t.db, { name: 'Alpha' });
  childA = await createCompany(t.db, { parent: treeA, name: 'Alpha Child' });
  treeB = await createCompany(t.db, { name: 'Beta' });
  adminA = await loginAs(t.app, await createUser(t.db, 'admin', { company: treeA }));
  guestA = await loginAs(t.app, await createUser(t.db, 'read_only', { company: treeA }));
  adminB = await loginAs(t.app, await createUser(t.db, 'admin', { company: treeB }));
});
afterAll(() => t.close());

describe('adding devices', () => {
  it('adds pending devices, shows each claim secret once and stores only its hash', async () => {
    const serial = nextSerial();
    const added = await call(adminA, 'POST', '/api/devices', {
      data: [
        { company_id: childA.id, serial, mac: '00-1e-42-ab-cd-ef', name: 'Roof' },
        {
          company_id: treeA.id,
          serial: nextSerial(),
          imei: '356789012345678',
          device_series: 'trb',
        },
      ],
    });
    expect(added.status, added.text).toBe(201);
    expect(added.body.meta?.channel).toMatch(/^private-status\./);
    const [first, second] = added.body.data;
    expect(first).toEqual({
      id: expect.any(Number),
      name: 'Roof',
      serial,
      mac: '00:1E:42:AB:CD:EF',
      imei: null,
      company_id: childA.id,
      claim_secret: expect.stringMatching(/^[A-Z0-9]{24}$/),
    });
    expect(second.name).toBe(second.serial);

    const row = await deviceRow(t.db, first.id);
    expect(row?.status).toBe(2);
    expect(row?.claimSecretHash).toBe(hashClaimSecret(first.claim_secret));
    expect(JSON.stringify(row)).not.toContain(first.claim_secret);

    const read = await call(adminA, 'GET', `/api/devices/${first.id}`);
    expect(read.status).toBe(200);
    expect(read.text).not.toContain(first.claim_secret);
    expect(read.text).not.toContain('claim_secret');
    expect(read.text).not.toContain('credential');
    expect(read.body.data).toMatchObject({ status: 2, company_name: 'Alpha Child', tags: [] });

    // The add is also reported on the status channel, keyed by company id.
    const channel = await call(adminA, 'GET', `/api/status/channel/${added.body.meta?.channel}`);
    expect(Object.keys(channel.body.data).sort()).toEqual(
      [String(childA.id), String(treeA.id)].sort(),
    );
  });

  it("takes RMS's {data:[...]} body whole: tags, files, credits and password fields", async () => {
    const [roof, foreign] = await t.db
      .insert(tags)
      .values([
        { companyId: treeA.id, name: 'RMS roof' },
        { companyId: treeB.id, name: 'RMS foreign' },
      ])
      .returning();
    const rms = (serial: string, tagIds: number[]) => ({
      company_id: treeA.id,
      device_series: 'rut',
      serial,
      mac: nextMac(),
      imei: '356789012345670',
      name: `RMS ${serial}`,
      firmware_file_id: 1,
      config_file_id: 2,
      auto_credit_enable: true,
      password_confirmation: 'secret',
      tag_id: tagIds,
    });
    const added = await call(adminA, 'POST', '/api/devices', {
      data: [rms(nextSerial(), [roof?.id ?? 0]), rms(nextSerial(), [foreign?.id ?? 0])],
    });
    // The second device is added; its tag of another company fails its tag_id alone.
    expect(added.status, added.text).toBe(207);
    expect(added.body.meta?.channel).toMatch(/^private-status\./);
    expect(added.body.errors).toEqual([
      expect.objectContaining({ code: 'NOT_FOUND', source: 'data.1.tag_id' }),
    ]);
    const [tagged, untagged] = added.body.data;
    expect(tagged.claim_secret).toMatch(/^[A-Z0-9]{24}$/);
    const read = await call(adminA, 'GET', `/api/devices/${tagged.id}?fields=tags,name`);
    expect(read.body.data.tags.map((tag: { name: string }) => tag.name)).toEqual(['RMS roof']);
    const other = await call(adminA, 'GET', `/api/devices/${untagged.id}?fields=tags`);
    expect(other.body.data.tags).toEqual([]);
    // A value of the wrong type fails its own item only.
    const typed = await call(adminA, 'POST', '/api/devices', {
      data: [rms(nextSerial(), []), { ...rms(nextSerial(), []), company_id: 'one' }],
    });
    expect(typed.status, typed.text).toBe(207);
    expect(typed.body.data).toHaveLength(1);
    expect(typed.body.errors).toEqual([
      expect.objectContaining({ code: 'VALIDATION_ERROR', source: 'data.1.company_id' }),
    ]);
  });

  it('answers 207 with per-item errors, and a lone bad device with its own status', async () => {
    const taken = nextSerial();
    await call(adminA, 'POST', '/api/devices', {
      company_id: treeA.id,
      serial: taken,
      mac: nextMac(),
    });
    const mixed = await call(adminA, 'POST', '/api/devices', {
      data: [
        { company_id: treeA.id, serial: nextSerial(), mac: nextMac() },
        { company_id: treeA.id, serial: taken, mac: nextMac() },
        { company_id: treeA.id, serial: nextSerial() },
        { company_id: treeA.id, serial: 'x' },
        { company_id: treeB.id, serial: nextSerial(), mac: nextMac() },
      ],
    });
    expect(mixed.status, mixed.text).toBe(207);
    expect(mixed.body.data).toHaveLength(1);
    expect(mixed.body.errors).toEqual([
      expect.objectContaining({ code: 'VALIDATION_ERROR', source: 'data.2.mac' }),
      expect.objectContaining({ code: 'VALIDATION_ERROR', source: 'data.3.serial' }),
      expect.objectContaining({ code: 'NOT_FOUND', source: 'data.4.company_id' }),
      expect.objectContaining({ code: 'CONFLICT', source: 'data.1.serial' }),
    ]);

    const lone = await call(adminA, 'POST', '/api/devices', {
      company_id: treeA.id,
      serial: taken,
      mac: nextMac(),
    });
    expect(lone.status).toBe(409);
    expect(lone.body.errors?.[0]?.source).toBe('data.serial');
    const trb = await call(adminA, 'POST', '/api/devices', {
      company_id: treeA.id,
      serial: nextSerial(),
      mac: nextMac(),
      device_series: 'trb',
    });
    expect(trb.status).toBe(422);
    expect(trb.body.errors?.[0]?.source).toBe('data.imei');
  });

  it('gives no sign that another company holds a serial', async () => {
    const serial = nextSerial();
    const inB = await insertDevice(t.db, treeB, { serial, credentialHash: 'enrolled' });
    const added = await call(adminA, 'POST', '/api/devices', {
      company_id: treeA.id,
      serial,
      mac: nextMac(),
    });
    const fresh = await call(adminA, 'POST', '/api/devices', {
      company_id: treeA.id,
      serial: nextSerial(),
      mac: nextMac(),
    });
    expect(added.status).toBe(fresh.status);
    expect(Object.keys(added.body.data[0])).toEqual(Object.keys(fresh.body.data[0]));
    expect(added.text).not.toContain('Beta');
    expect((await deviceRow(t.db, inB.id))?.companyId).toBe(treeB.id);
  });

  it('refuses roles without create_devices and companies out of reach', async () => {
    const refused = await call(guestA, 'POST', '/api/devices', {
      company_id: treeA.id,
      serial: nextSerial(),
      mac: nextMac(),
    });
    expect(refused.status).toBe(403);
    const foreign = await call(adminA, 'POST', '/api/devices', {
      company_id: treeB.id,
      serial: nextSerial(),
      mac: nextMac(),
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.errors?.[0]?.source).toBe('data.company_id');
  });

  it('leaves no status channel behind when its lone device is refused', async () => {
    const channelsBefore = await t.db.$count(statusChannels);
    const invalid = await call(adminA, 'POST', '/api/devices', { serial: nextSerial() });
    expect(invalid.status).toBe(422);
    const foreign = await call(adminA, 'POST', '/api/devices', {
      company_id: treeB.id,
      serial: nextSerial(),
      mac: nextMac(),
    });
    expect(foreign.status).toBe(404);
    expect(await t.db.$count(statusChannels)).toBe(channelsBefore);
  });
});

describe('one device', () => {
  it('hides devices of other trees: 404 on read, edit, claim and logs', async () => {
    const inB = await insertDevice(t.db, treeB, { name: 'Secret beta router' });
    for (const [method, url, payload] of [
      ['GET', `/api/devices/${inB.id}`, undefined],
      ['PUT', `/api/devices/${inB.id}`, { name: 'Mine now' }],
      ['POST', `/api/devices/${inB.id}/claim-secret`, undefined],
      ['GET', `/api/devices/${inB.id}/logs`, undefined],
    ] as const) {
      const answer = await call(adminA, method, url, payload);
      expect(answer.status, `${method} ${url}`).toBe(404);
      expect(answer.text).not.toContain('beta');
    }
    expect((await deviceRow(t.db, inB.id))?.name).toBe('Secret beta router');
    expect((await call(adminB, 'GET', `/api/devices/${inB.id}`)).status).toBe(200);
  });

  it('edits name, description, position and tags (tags of its own company only)', async () => {
    const device = await insertDevice(t.db, childA);
    const [tag] = await t.db
      .insert(tags)
      .values({ companyId: childA.id, name: 'Roof', color: '#112233' })
      .returning();
    const [foreignTag] = await t.db
      .insert(tags)
      .values({ companyId: treeA.id, name: 'Parent' })
      .returning();
    if (!tag || !foreignTag) throw new Error('tag insert failed');
    const edited = await call(adminA, 'PUT', `/api/devices/${device.id}`, {
      name: 'Gateway 7',
      description: 'Pole',
      user_set_latitude: 54.7,
      user_set_longitude: 25.3,
      tag_id: [tag.id],
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.data).toMatchObject({
      name: 'Gateway 7',
      description: 'Pole',
      user_set_latitude: 54.7,
      tags: [{ id: tag.id, name: 'Roof', color: '#112233' }],
    });
    const stray = await call(adminA, 'PUT', `/api/devices/${device.id}`, {
      tag_id: [foreignTag.id],
    });
    expect(stray.status).toBe(404);
    expect(stray.body.errors?.[0]?.source).toBe('tag_id');
    const badName = await call(adminA, 'PUT', `/api/devices/${device.id}`, { name: 'a<b>' });
    expect(badName.status).toBe(422);
    expect(badName.body.errors?.[0]?.source).toBe('name');

    // RMS's *_monitoring fields: 0 switches a category off, otherwise at least 60 s.
    const periods = await call(adminA, 'PUT', `/api/devices/${device.id}`, {
      dynamic_monitoring: 600,
      gps_monitoring: 0,
    });
    expect(periods.status, periods.text).toBe(200);
    expect(periods.body.data).toMatchObject({ dynamic_monitoring: 600, gps_monitoring: 0 });
    expect((await deviceRow(t.db, device.id))?.dynamicMonitoring).toBe(600);
    const tooShort = await call(adminA, 'PUT', `/api/devices/${device.id}`, {
      io_monitoring: 5,
    });
    expect(tooShort.status).toBe(422);
  });

  it('exposes capability flags, computed from model and firmware when not stored', async () => {
    const device = await insertDevice(t.db, treeA, {
      model: 'RUT955',
      firmware: 'RUT9_R_00.07.04.1',
    });
    const { body } = await call(adminA, 'GET', `/api/devices/${device.id}`);
    expect(body.data).toMatchObject({
      series: 'RUT9',
      has_wifi: true,
      has_gps: true,
      sim_count: 2,
      has_ddns: true,
      has_legacy_vpn: true,
    });
    const picked = await call(adminA, 'GET', `/api/devices/${device.id}?fields=id,serial`);
    expect(picked.body.data).toEqual({ id: device.id, serial: device.serial });
    const unknown = await call(adminA, 'GET', `/api/devices/${device.id}?fields=claim_secret_hash`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors?.[0]?.source).toBe('fields');
  });

  it('issues a new claim secret and makes an enrolled device enrol again', async () => {
    const device = await insertDevice(t.db, treeA, { credentialHash: 'x', enrolledAt: new Date() });
    const answer = await call(adminA, 'POST', `/api/devices/${device.id}/claim-secret`);
    expect(answer.status).toBe(200);
    const row = await deviceRow(t.db, device.id);
    expect(row).toMatchObject({ credentialHash: null, status: 2 });
    expect(row?.claimSecretHash).toBe(hashClaimSecret(answer.body.data.claim_secret));
  });
});

describe('bulk removal and moves', () => {
  it('removes the devices the caller sees and reports the others by id', async () => {
    const mine = await insertDevice(t.db, childA);
    const theirs = await insertDevice(t.db, treeB);
    const answer = await call(adminA, 'DELETE', '/api/devices', {
      device_id: [mine.id, theirs.id],
    });
    expect(answer.status).toBe(207);
    expect(answer.body.data).toEqual([mine.id]);
    expect(answer.body.errors).toEqual([expect.objectContaining({ source: String(theirs.id) })]);
    expect(await deviceRow(t.db, mine.id)).toBeUndefined();
    expect(await deviceRow(t.db, theirs.id)).toBeDefined();
  });

  it('moves devices (either URL), dropping tags of the old company', async () => {
    const device = await insertDevice(t.db, treeA);
    const [tag] = await t.db.insert(tags).values({ companyId: treeA.id, name: 'Old' }).returning();
    await call(adminA, 'PUT', '/api/devices/tags/assign', {
      data: [{ device_id: device.id, tag_id: tag?.id }],
    });
    const moved = await call(adminA, 'POST', '/api/devices/move/', {
      device_id: [device.id],
      company_id: childA.id,
    });
    expect(moved.status, moved.text).toBe(200);
    const after = await call(adminA, 'GET', `/api/devices/${device.id}`);
    expect(after.body.data).toMatchObject({ company_id: childA.id, tags: [] });

    const clash = await insertDevice(t.db, treeA, { serial: device.serial });
    const refused = await call(adminA, 'POST', '/api/devices/move', {
      device_id: [clash.id],
      company_id: childA.id,
    });
    expect(refused.status).toBe(207);
    expect(refused.body.errors?.[0]).toMatchObject({ code: 'CONFLICT', source: String(clash.id) });
    const foreign = await call(adminA, 'POST', '/api/devices/move', {
      device_id: [device.id],
      company_id: treeB.id,
    });
    expect(foreign.status).toBe(404);
    expect((await deviceRow(t.db, device.id))?.companyId).toBe(childA.id);
  });
});

describe('device tags', () => {
  it('assigns, unassigns and overwrites per item', async () => {
    const device = await insertDevice(t.db, treeA);
    const inB = await insertDevice(t.db, treeB);
    const values = ['One', 'Two'].map((name) => ({ companyId: treeA.id, name }));
    const [one, two] = await t.db.insert(tags).values(values).returning();
    const [bTag] = await t.db.insert(tags).values({ companyId: treeB.id, name: 'B' }).returning();
    if (!one || !two || !bTag) throw new Error('tag insert failed');
    const assigned = await call(adminA, 'PUT', '/api/devices/tags/assign', {
      data: [
        { device_id: device.id, tag_id: one.id },
        { device_id: device.id, tag_id: bTag.id },
        { device_id: inB.id, tag_id: bTag.id },
      ],
    });
    expect(assigned.status).toBe(207);
    expect(assigned.body.errors?.map((e) => e.source)).toEqual(['data.1', 'data.2']);
    const tagNames = async () =>
      (await call(adminA, 'GET', `/api/devices/${device.id}`)).body.data.tags.map(
        (tag: { name: string }) => tag.name,
      );
    expect(await tagNames()).toEqual(['One']);
    const overwritten = await call(adminA, 'PUT', '/api/devices/tags/overwrite', {
      data: [{ device_id: device.id, tag_id: [two.id, one.id, two.id] }],
    });
    expect(overwritten.status).toBe(200);
    expect(await tagNames()).toEqual(['One', 'Two']);
    await call(adminA, 'PUT', '/api/devices/tags/unassign', {
      data: [{ device_id: device.id, tag_id: one.id }],
    });
    expect(await tagNames()).toEqual(['Two']);
  });
});
