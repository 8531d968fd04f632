import { GLOBAL_SEARCH_FIELDS, GLOBAL_SEARCH_RESULT_FIELDS } from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, files, remoteAccessRules, tags, vpnHubs } from '@/db/schema';
import { insertDevice } from '@/modules/fleet/devices/devices.fixtures';
import { buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';

// Spec §7: the global search sends one request to each kind's list endpoint, `q`, limit 10,
// search-fields name,email and fields id,name,status,email,protocol,enabled,color. Each kind
// below has one row whose name holds NAME, and a row whose other searchable field holds its
// `value` while no name does.
const NAME = 'quillon';
const OTHER = 'zephyrine';
const OPERATOR = 'opzephyr';
const HOST = 'hostzephyr';

let t: TestApp;
let admin: TestSession;

beforeAll(async () => {
  t = await buildTestApp();
  const company = await createCompany(t.db, { name: `Co ${NAME}` });
  await t.db
    .update(companies)
    .set({ email: `ops@${OTHER}.test` })
    .where(eq(companies.id, company.id));
  const manager = await createUser(t.db, 'admin', { company, email: `boss@${OTHER}.test` });
  await createUser(t.db, 'end_user', { company, email: `${NAME}@example.test` });
  admin = await loginAs(t.app, manager);
  await insertDevice(t.db, company, { name: `gw-${NAME}`, operator: OPERATOR });
  const host = await insertDevice(t.db, company, { name: HOST });
  await t.db.insert(remoteAccessRules).values({
    companyId: company.id,
    deviceId: host.id,
    name: `web-${NAME}`,
    destinationIp: '127.0.0.1',
    destinationPort: 80,
    protocol: 'http',
  });
  await t.db
    .insert(tags)
    .values({ companyId: company.id, name: `tag-${NAME}`, description: OTHER });
  await t.db.insert(files).values({
    companyId: company.id,
    type: 'firmware',
    name: `fw-${NAME}.bin`,
    description: OTHER,
    size: 1,
    sha256: '0'.repeat(64),
    storageKey: 'missing',
  });
  const now = new Date();
  await t.db.insert(vpnHubs).values({
    companyId: company.id,
    name: `hub-${NAME}`,
    description: OTHER,
    vpnType: 'tun',
    protocol: 'udp',
    port: 1194,
    network: '10.8.0.0',
    netmask: '255.255.255.0',
    hubZone: 'local',
    caCert: '',
    caKeySealed: '',
    serverCert: '',
    serverKeySealed: '',
    tlsCryptKeySealed: '',
    crl: '',
    caExpiresAt: now,
    serverCertExpiresAt: now,
  });
});
afterAll(() => t.close());

interface Answer {
  status: number;
  rows: Record<string, unknown>[];
  total: number;
  error?: { message: string; source: string };
}

const get = async (path: string, query: Record<string, string>): Promise<Answer> => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api${path}?${new URLSearchParams(query).toString()}`,
    headers: { cookie: admin.cookie },
  });
  const body = response.json<{
    data?: Record<string, unknown>[];
    meta?: { total: number };
    errors?: { message: string; source: string }[];
  }>();
  return {
    status: response.statusCode,
    rows: body.data ?? [],
    total: body.meta?.total ?? -1,
    ...(body.errors?.[0] ? { error: body.errors[0] } : {}),
  };
};

/** The kinds of spec §7, each with a searchable field that is not its name. */
const KINDS = [
  { path: '/devices', other: 'operator', value: OPERATOR, keys: ['id', 'name', 'status'] },
  { path: '/companies', other: 'email', value: OTHER, keys: ['email', 'id', 'name'] },
  {
    path: '/devices/remote-access',
    other: 'device_name',
    value: HOST,
    keys: ['id', 'name', 'protocol'],
  },
  {
    path: '/vpn/hubs',
    other: 'description',
    value: OTHER,
    keys: ['enabled', 'id', 'name', 'protocol', 'status'],
  },
  { path: '/tags', other: 'description', value: OTHER, keys: ['color', 'id', 'name'] },
  // Users have no name: the search's `name` is their username.
  { path: '/users', other: 'email', value: OTHER, keys: ['email', 'id'] },
  { path: '/files', other: 'description', value: OTHER, keys: ['id', 'name'] },
] as const;

const SPEC_QUERY = {
  limit: '10',
  'search-fields': GLOBAL_SEARCH_FIELDS.join(','),
  fields: GLOBAL_SEARCH_RESULT_FIELDS.join(','),
};

describe.each(KINDS)('GET $path for the global search', ({ path, other, value, keys }) => {
  it('answers the spec request with the fields it has, id always, and the total', async () => {
    const answer = await get(path, { q: NAME, ...SPEC_QUERY });
    expect(answer.status).toBe(200);
    expect(answer.total).toBe(1);
    expect(answer.rows).toHaveLength(1);
    expect(Object.keys(answer.rows[0] ?? {}).sort()).toEqual(keys);
  });

  it(`narrows q to search-fields (${other} finds what name does not)`, async () => {
    const byOther = await get(path, { q: value, 'search-fields': other });
    expect(byOther.status).toBe(200);
    expect(byOther.total).toBe(byOther.rows.length);
    expect(byOther.total).toBeGreaterThanOrEqual(1);
    const byName = await get(path, { q: value, 'search-fields': 'name' });
    expect(byName.status).toBe(200);
    expect(byName.total).toBe(0);
    expect(byName.rows).toEqual([]);
  });

  it('refuses search-fields and fields that name nothing it has, listing what it has', async () => {
    const search = await get(path, { q: NAME, 'search-fields': 'password_hash' });
    expect(search.status).toBe(400);
    expect(search.error?.source).toBe('search-fields');
    expect(search.error?.message).toMatch(/searchable fields: .*name/);
    const fields = await get(path, { fields: 'password_hash,secret' });
    expect(fields.status).toBe(400);
    expect(fields.error?.source).toBe('fields');
    expect(fields.error?.message).toContain('id');
  });
});
