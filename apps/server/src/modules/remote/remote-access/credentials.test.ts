import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceCredentials } from '@/db/schema';
import { createSecretBox } from '@/lib/crypto';
import { createRemoteDevicesRepository } from './remote-devices.repository';
import { createCredentialsRepository } from './credentials.repository';
import { createCredentialsService } from './credentials.service';
import { buildRemoteWorld, firstError, type RemoteWorld } from './remote-access.fixtures';

let w: RemoteWorld;
beforeAll(async () => {
  w = await buildRemoteWorld();
});
afterAll(() => w.t.close());

const url = () => `/api/devices/${w.device.id}/connect/credentials`;
const PASSWORD = 'very-secret-pass-123';

/** The service as the module builds it, for what the relays call directly. */
const relays = () =>
  createCredentialsService({
    credentialsRepository: createCredentialsRepository(w.t.db),
    devicesRepository: createRemoteDevicesRepository(w.t.db),
    box: createSecretBox(w.t.jwtSecret, 'device-credentials'),
    actionLog: { record: async () => {} },
  }).relays;

describe('saved device logins', () => {
  it('stores the secret encrypted and never answers it', async () => {
    const put = await w.call(w.sessions.manager, 'PUT', url(), {
      username: 'root',
      password: PASSWORD,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({
      success: true,
      data: { device_id: w.device.id, username: 'root', auth: 'password' },
    });
    const get = await w.call(w.sessions.manager, 'GET', url());
    expect(get.json<{ data: object }>().data).toEqual({
      device_id: w.device.id,
      username: 'root',
      auth: 'password',
    });
    expect(get.body).not.toContain(PASSWORD);

    const rows = await w.t.db
      .select()
      .from(deviceCredentials)
      .where(eq(deviceCredentials.userId, w.users.manager.id));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(PASSWORD);
    expect(rows[0]?.secret).toMatch(/^v1\./);

    expect(await relays().get(w.users.manager.id, w.device.id)).toEqual({
      username: 'root',
      auth: 'password',
      password: PASSWORD,
    });
  });

  it('is per user: a colleague sees none, and saving again replaces it', async () => {
    expect((await w.call(w.sessions.colleague, 'GET', url())).statusCode).toBe(404);
    await relays().save(w.users.colleague.id, w.device.id, {
      username: 'admin',
      private_key: '-----BEGIN OPENSSH PRIVATE KEY-----\nkey\n-----END OPENSSH PRIVATE KEY-----',
      passphrase: 'phrase',
    });
    await relays().save(w.users.colleague.id, w.device.id, { username: 'admin', password: 'x' });
    expect(await relays().get(w.users.colleague.id, w.device.id)).toEqual({
      username: 'admin',
      auth: 'password',
      password: 'x',
    });
    expect(await relays().get(w.users.viewer.id, w.device.id)).toBeNull();
  });

  it('needs a password or a key, a visible device and the manage permission', async () => {
    const empty = await w.call(w.sessions.manager, 'PUT', url(), { username: 'root' });
    expect(empty.statusCode).toBe(422);
    expect(firstError(empty.body)?.source).toBe('password');
    const foreign = await w.call(
      w.sessions.manager,
      'PUT',
      `/api/devices/${w.foreignDevice.id}/connect/credentials`,
      { username: 'root', password: 'x' },
    );
    expect(foreign.statusCode).toBe(404);
    const viewer = await w.call(w.sessions.viewer, 'PUT', url(), {
      username: 'root',
      password: 'x',
    });
    expect(viewer.statusCode).toBe(403);
  });

  it('forgets a login', async () => {
    await w.call(w.sessions.manager, 'PUT', url(), { username: 'root', password: PASSWORD });
    const removed = await w.call(w.sessions.manager, 'DELETE', url());
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await w.call(w.sessions.manager, 'GET', url())).statusCode).toBe(404);
    expect((await w.call(w.sessions.manager, 'DELETE', url())).statusCode).toBe(404);
  });
});
