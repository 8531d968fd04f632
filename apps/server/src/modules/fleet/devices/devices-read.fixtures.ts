import { deviceTags, tags } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';
import { caller, insertDevice } from './devices.fixtures';

export interface ReadFixture {
  t: TestApp;
  call: ReturnType<typeof caller>;
  treeA: CompanyRow;
  childA: CompanyRow;
  treeB: CompanyRow;
  adminA: TestSession;
  endUserA: TestSession;
  ids: Record<string, number>;
}

/**
 * The world the devices-*.test.ts read tests share, built per file (each file owns its database):
 * Alpha with a child company and Beta, an admin and an end user of Alpha, four devices (north
 * with the latest readings, south offline, east in Alpha's child, beta in Beta) and Alpha's tag
 * Roof on north.
 */
export const createReadFixture = async (): Promise<ReadFixture> => {
  const ids: Record<string, number> = {};
  const t = await buildTestApp();
  const call = caller(t);
  const treeA = await createCompany(t.db, { name: 'Alpha' });
  const childA = await createCompany(t.db, { parent: treeA, name: 'Alpha Child' });
  const treeB = await createCompany(t.db, { name: 'Beta' });
  const adminA = await loginAs(t.app, await createUser(t.db, 'admin', { company: treeA }));
  const endUserA = await loginAs(t.app, await createUser(t.db, 'end_user', { company: treeA }));
  const add = async (key: string, company: CompanyRow, values: object) => {
    ids[key] = (await insertDevice(t.db, company, { name: key, ...values })).id;
  };
  await add('north', treeA, {
    model: 'RUT955',
    signal: -60,
    operator: 'Tele2',
    modemManufacturer: 'Quectel',
    connectionType: 'LTE',
    wanState: 'mobile',
    uptime: 3060,
    // The latest readings as the gateway keeps them (see latest-reading.ts).
    info: {
      dynamic: {
        uptime: 3060,
        temperature: 360,
        wan_state: 'mobile',
        modems: [
          { modem: 1, sim: 2, signal: -60, rsrp: -91.5, rsrq: -9, sinr: 12.5, rx: 10, tx: 20 },
        ],
      },
      static: {
        hostname: 'north',
        lan_ip: null,
        sims: [
          { slot: 1, iccid: '89370000000000000001', imsi: '246020000000001' },
          { slot: 2, iccid: '89370000000000000002', imsi: '246020000000002' },
        ],
      },
      gps: { latitude: 54.7, longitude: 25.3, altitude: 112.5, satellites: 9 },
      io: {
        inputs: [{ name: 'Digital input', level: 1 }],
        relays: [{ name: 'Relay', state: 0 }],
        analog: [{ name: 'Analog input', value: 12.25, unit: 'V' }],
      },
      ddns: { entries: [{ hostname: 'north.example.net', status: 'up', ip: null }] },
    },
  });
  await add('south', treeA, { model: 'RUT240', signal: -85, operator: 'Bite', status: 0 });
  await add('east', childA, {
    model: 'RUT955',
    signal: -75,
    operator: 'Tele2',
    modemManufacturer: 'Meiglink',
  });
  await add('beta', treeB, { model: 'RUT955', signal: -60, operator: 'Tele2' });
  const [tag] = await t.db.insert(tags).values({ companyId: treeA.id, name: 'Roof' }).returning();
  if (!tag) throw new Error('tag insert failed');
  ids.tag = tag.id;
  await t.db.insert(deviceTags).values({ deviceId: ids.north ?? 0, tagId: tag.id });
  return { t, call, treeA, childA, treeB, adminA, endUserA, ids };
};
