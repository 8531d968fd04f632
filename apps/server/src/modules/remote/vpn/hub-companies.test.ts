import { VPN_CLIENT_MESSAGES, VPN_HUB_MESSAGES } from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tags, vpnHubUsers } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { insertDevice } from '@test/fake-gateway';
import { createCompany, createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';
import { buildVpnWorld, firstError, type VpnWorld } from './vpn.fixtures';

/**
 * An administrator of the own company sees it and its subsidiary: what joins a hub (devices,
 * users) and its tags must still come from the hub's company or below it, never from above or
 * beside it.
 */
let w: VpnWorld;
let admin: TestSession;
let child: CompanyRow;
let childHub: number;
let ownHub: number;
let childDevice: number;
let childUser: number;
let ownTag: number;
let childTag: number;

beforeAll(async () => {
  w = await buildVpnWorld();
  child = await createCompany(w.t.db, { parent: w.own, name: 'Subsidiary' });
  admin = await loginAs(w.t.app, await createUser(w.t.db, 'admin', { company: w.own }));
  childDevice = (await insertDevice(w.t.db, child, { name: 'Subsidiary router' })).id;
  childUser = (await createUser(w.t.db, 'end_user', { company: child })).id;
  const tagIn = async (company: CompanyRow, name: string) => {
    const [row] = await w.t.db
      .insert(tags)
      .values({ companyId: company.id, name })
      .returning({ id: tags.id });
    if (!row) throw new Error('tag insert failed');
    return row.id;
  };
  ownTag = await tagIn(w.own, 'own tag');
  childTag = await tagIn(child, 'child tag');
  const hub = async (name: string, companyId: number) => {
    const response = await w.call(admin, 'POST', '/api/vpn/hubs', { name, company_id: companyId });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { id: number } }>().data.id;
  };
  childHub = await hub('Subsidiary hub', child.id);
  ownHub = await hub('Parent hub', w.own.id);
});
afterAll(() => w.t.close());

const clientsOf = (hubId: number) =>
  w.t.db.select().from(vpnHubUsers).where(eq(vpnHubUsers.hubId, hubId));

describe('hub members and tags come from the hub’s company subtree', () => {
  it('refuses a device of the parent company on a subsidiary’s hub, naming it', async () => {
    const refused = await w.call(admin, 'POST', `/api/vpn/hubs/${childHub}/devices`, {
      device_id: [childDevice, w.devices.router.id],
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(firstError(refused.body)).toMatchObject({
      message: VPN_CLIENT_MESSAGES.deviceOutsideHubCompany,
      source: 'device_id.1',
    });
    expect(await clientsOf(childHub)).toHaveLength(0);

    // Its own devices join; the parent's hub takes the subsidiary's devices.
    const own = await w.call(admin, 'POST', `/api/vpn/hubs/${childHub}/devices`, {
      device_id: [childDevice],
    });
    expect(own.statusCode, own.body).toBe(200);
    const below = await w.call(admin, 'POST', `/api/vpn/hubs/${ownHub}/devices`, {
      device_id: [childDevice],
    });
    expect(below.statusCode, below.body).toBe(200);
  });

  it('refuses a quick hub whose endpoint device is outside its company', async () => {
    const refused = await w.call(admin, 'POST', '/api/vpn/hubs/connect', {
      company_id: child.id,
      hub_name: 'Borrowed kit',
      endpoint: { device_id: w.devices.router.id },
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(firstError(refused.body)).toMatchObject({
      message: VPN_CLIENT_MESSAGES.deviceOutsideHubCompany,
      source: 'endpoint.device_id',
    });
    const list = await w.call(admin, 'GET', '/api/vpn/hubs?q=Borrowed');
    expect(list.json<{ meta: { total: number } }>().meta.total).toBe(0);
  });

  it('refuses a tag of the parent company on a subsidiary’s hub, made or changed', async () => {
    const made = await w.call(admin, 'POST', '/api/vpn/hubs', {
      name: 'Tagged hub',
      company_id: child.id,
      tag_id: [childTag, ownTag],
    });
    expect(made.statusCode, made.body).toBe(422);
    expect(firstError(made.body)).toMatchObject({
      message: VPN_HUB_MESSAGES.tagOutsideHubCompany,
      source: 'tag_id.1',
    });
    const changed = await w.call(admin, 'PUT', `/api/vpn/hubs/${childHub}`, { tag_id: [ownTag] });
    expect(changed.statusCode, changed.body).toBe(422);
    expect(firstError(changed.body)?.source).toBe('tag_id.0');
    const fine = await w.call(admin, 'PUT', `/api/vpn/hubs/${ownHub}`, {
      tag_id: [ownTag, childTag],
    });
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it('refuses a console user of the parent company on a subsidiary’s hub', async () => {
    const refused = await w.call(admin, 'POST', '/api/vpn/hubs/users', {
      vpn_hub_id: childHub,
      user_id: w.users.manager.id,
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(firstError(refused.body)).toMatchObject({
      message: VPN_CLIENT_MESSAGES.userOutsideHubCompany,
      source: 'user_id',
    });
    const own = await w.call(admin, 'POST', '/api/vpn/hubs/users', {
      vpn_hub_id: childHub,
      user_id: childUser,
    });
    expect(own.statusCode, own.body).toBe(200);
    // The caller, who manages the hub, may join it themselves (quick connect).
    const self = await w.call(admin, 'POST', `/api/vpn/hubs/${childHub}/quick-connect`, {});
    expect(self.statusCode, self.body).toBe(201);
  });
});
