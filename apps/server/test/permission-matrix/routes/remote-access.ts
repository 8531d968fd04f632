import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { deviceCredentials, remoteAccessRules, remoteSessions } from '@/db/schema';
import type { AreaTable, CaseContext, RouteSpec } from '../matrix';
import { matrixDevice } from './devices';

// Remote access: rules, sessions and saved logins. The matrix world runs no device gateway, so
// every device is offline: opening a session on a visible device answers 409 DEVICE_OFFLINE, on
// one out of reach 404 (visibility is checked first). The access history is 'global' here: it
// needs a date range, and its company scope is tested in remote-access/sessions.test.ts.

let sequence = 0;
const view = 'view_device_remote_access' as const;
const manage = 'manage_device_remote_access' as const;

/** An access rule of the device, named with the zone marker (the device name carries it too). */
export const matrixRule = async (
  db: Database,
  device: { id: number; companyId: number },
  marker: string,
) => {
  const [row] = await db
    .insert(remoteAccessRules)
    .values({
      companyId: device.companyId,
      deviceId: device.id,
      name: `rule ${marker} ${++sequence}`,
      destinationIp: '127.0.0.1',
      destinationPort: 80,
      protocol: 'http',
    })
    .returning({ id: remoteAccessRules.id });
  if (!row) throw new Error('rule insert failed');
  return row.id;
};

const device = (context: CaseContext) =>
  matrixDevice(context.world.t.db, context.zone.company, context.zone.marker);
const rule = async (context: CaseContext) =>
  matrixRule(
    context.world.t.db,
    { id: await device(context), companyId: context.zone.company.id },
    context.zone.marker,
  );

/** An open session of the zone's device, owned by `userId` (a web UI one unless said). */
const session = async (context: CaseContext, userId: number, kind: 'webui' | 'sftp' = 'webui') => {
  const now = Date.now();
  const [row] = await context.world.t.db
    .insert(remoteSessions)
    .values({
      type: kind,
      userId,
      companyId: context.zone.company.id,
      deviceId: await device(context),
      protocol: kind === 'sftp' ? 'sftp' : 'http',
      destinationIp: '127.0.0.1',
      destinationPort: kind === 'sftp' ? 22 : 80,
      hostToken: randomBytes(16).toString('hex'),
      createdAt: new Date(now),
      expiresAt: new Date(now + 60 * 60 * 1000),
    })
    .returning({ id: remoteSessions.id });
  if (!row) throw new Error('session insert failed');
  return row.id;
};
const isOpen = async (context: CaseContext, id: number) =>
  (
    await context.world.t.db
      .select()
      .from(remoteSessions)
      .where(and(eq(remoteSessions.id, id), isNull(remoteSessions.endedAt)))
  ).length === 1;
const sessionsOf = async (context: CaseContext, deviceId: number) =>
  context.world.t.db.select().from(remoteSessions).where(eq(remoteSessions.deviceId, deviceId));
const ruleName = async (context: CaseContext, id: number) =>
  (await context.world.t.db.select().from(remoteAccessRules).where(eq(remoteAccessRules.id, id)))[0]
    ?.name ?? null;
const credentialsOf = async (context: CaseContext, deviceId: number) =>
  context.world.t.db
    .select()
    .from(deviceCredentials)
    .where(
      and(
        eq(deviceCredentials.userId, context.actor.user.id),
        eq(deviceCredentials.deviceId, deviceId),
      ),
    );
/** A saved login of the actor for the device (the secret is never opened on these routes). */
const saveCredential = async (context: CaseContext, deviceId: number) => {
  await context.world.t.db.insert(deviceCredentials).values({
    userId: context.actor.user.id,
    deviceId,
    username: 'root',
    secret: 'v1.nonce.tag.body',
    auth: 'password',
  });
};

/** Opens a session on a device of the zone: 409 (offline) when visible, nothing when refused. */
const opens = (url: (context: CaseContext) => Promise<{ url: string; device: number }>) => ({
  permission: manage,
  scope: 'company' as const,
  ok: 409,
  build: async (context: CaseContext) => {
    const target = await url(context);
    return {
      url: target.url,
      payload: { duration: 60 },
      untouched: async () => (await sessionsOf(context, target.device)).length === 0,
    };
  },
});

const onDevice = (
  permission: RouteSpec['permission'],
  path: string,
  method = 'GET',
): RouteSpec => ({
  permission,
  scope: 'company',
  ok: 200,
  build: async (context) => ({
    url: `/api/devices/${await device(context)}${path}`,
    ...(method === 'POST' ? { payload: {} } : {}),
  }),
});

/** A session that must be the caller's own: others' answer 404, even to a super admin. */
const ownSession = (permission: RouteSpec['permission'], path: string): RouteSpec => ({
  permission,
  scope: 'owner',
  ok: 200,
  build: async (context) => {
    const owner = context.where === 'own' ? context.actor.user.id : context.zone.user.id;
    return { url: `/api/devices/connect/sessions/${await session(context, owner)}${path}` };
  },
});

/**
 * The SFTP file browser of the caller's own SFTP session. The matrix world has no device online:
 * signing in answers 409 DEVICE_OFFLINE, the file operations 409 "sign in first"; anyone else's
 * session is 404 whatever they may do.
 */
const sftp = (method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object): RouteSpec => ({
  permission: manage,
  scope: 'owner',
  ok: 409,
  build: async (context) => {
    const owner = context.where === 'own' ? context.actor.user.id : context.zone.user.id;
    const id = await session(context, owner, 'sftp');
    return {
      url: `/api/connect/sessions/${id}/sftp${path}`,
      ...(payload ? { payload } : method === 'POST' ? { payload: {} } : {}),
    };
  },
});

export const remoteAccessRoutes: AreaTable = {
  'POST /api/connect/sessions/:id/sftp/login': sftp('POST', '/login', {
    username: 'root',
    password: 'secret-1',
  }),
  'GET /api/connect/sessions/:id/sftp/list': sftp('GET', '/list?path=/root'),
  'GET /api/connect/sessions/:id/sftp/file': sftp('GET', '/file?path=/root/a.txt'),
  'POST /api/connect/sessions/:id/sftp/upload': sftp('POST', '/upload?path=/root'),
  'POST /api/connect/sessions/:id/sftp/rename': sftp('POST', '/rename', {
    from: '/root/a',
    to: '/root/b',
  }),
  'POST /api/connect/sessions/:id/sftp/mkdir': sftp('POST', '/mkdir', { path: '/root/new' }),
  'DELETE /api/connect/sessions/:id/sftp/entry': sftp('DELETE', '/entry', { path: '/root/a' }),
  'GET /api/devices/remote-access': {
    permission: view,
    scope: 'caller',
    ok: 200,
    build: async () => ({ url: '/api/devices/remote-access' }),
  },
  'POST /api/devices/remote-access': {
    permission: manage,
    scope: 'company',
    ok: 201,
    build: async (context) => {
      const deviceId = await device(context);
      const name = `new ${context.zone.marker} ${++sequence}`;
      return {
        url: '/api/devices/remote-access',
        payload: {
          data: [{ device_id: deviceId, name, destination_ip: '10.0.0.1', destination_port: 80 }],
        },
        untouched: async () =>
          (
            await context.world.t.db
              .select()
              .from(remoteAccessRules)
              .where(eq(remoteAccessRules.deviceId, deviceId))
          ).length === 0,
      };
    },
  },
  'PUT /api/devices/remote-access/:access_id': {
    permission: manage,
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const id = await rule(context);
      const before = await ruleName(context, id);
      return {
        url: `/api/devices/remote-access/${id}`,
        payload: { name: `renamed ${++sequence}` },
        untouched: async () => (await ruleName(context, id)) === before,
      };
    },
  },
  'DELETE /api/devices/remote-access': {
    permission: manage,
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const id = await rule(context);
      return {
        url: '/api/devices/remote-access',
        payload: { id: [id] },
        untouched: async () => (await ruleName(context, id)) !== null,
      };
    },
  },
  'POST /api/devices/:id/connect/webui': opens(async (context) => {
    const id = await device(context);
    return { url: `/api/devices/${id}/connect/webui`, device: id };
  }),
  'POST /api/devices/:id/connect/cli': opens(async (context) => {
    const id = await device(context);
    return { url: `/api/devices/${id}/connect/cli`, device: id };
  }),
  'POST /api/devices/connect/:access_id': opens(async (context) => {
    const id = await device(context);
    const ruleId = await matrixRule(
      context.world.t.db,
      { id, companyId: context.zone.company.id },
      context.zone.marker,
    );
    return { url: `/api/devices/connect/${ruleId}`, device: id };
  }),
  'POST /api/devices/connect/sessions/:session_id/launch': ownSession(manage, '/launch'),
  'GET /api/devices/connect/sessions/:session_id': ownSession(view, ''),
  'GET /api/devices/connect/:access_id/sessions': {
    permission: view,
    scope: 'company',
    ok: 200,
    build: async (context) => ({ url: `/api/devices/connect/${await rule(context)}/sessions` }),
  },
  'DELETE /api/devices/connect/sessions/:session_id': {
    permission: manage,
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const id = await session(context, context.zone.user.id);
      return {
        url: `/api/devices/connect/sessions/${id}`,
        untouched: async () => isOpen(context, id),
      };
    },
  },
  // A rule out of reach is an error item on the channel, never a refusal of the request.
  'POST /api/devices/connect/status': {
    permission: view,
    scope: 'company',
    ok: 200,
    hidden: 200,
    build: async (context) => ({
      url: '/api/devices/connect/status',
      payload: { id: [await rule(context)] },
    }),
  },
  'GET /api/devices/connect/logs': {
    permission: view,
    scope: 'global',
    ok: 200,
    build: async () => ({
      url: '/api/devices/connect/logs?start_date=2020-01-01%2000:00:00&end_date=2100-01-01%2000:00:00',
    }),
  },
  'GET /api/devices/:id/links': onDevice(view, '/links?type=webui'),
  // The scan runs in the background; the request only opens its channel.
  'GET /api/devices/:id/connect-auto-scan/': onDevice(manage, '/connect-auto-scan/?ports=22'),
  // Asks the device: no device is online in the matrix world, so a visible one answers 409.
  'GET /api/devices/:id/port-scan/': { ...onDevice(manage, '/port-scan/?type=ethernet'), ok: 409 },
  // Another's session (or none) is 404 to anyone: the link alone proves nothing.
  'POST /api/rms-connect/restart': {
    permission: manage,
    scope: 'owner',
    ok: 200,
    build: async (context) => {
      const owner = context.where === 'own' ? context.actor.user.id : context.zone.user.id;
      const id = await session(context, owner);
      const [row] = await context.world.t.db
        .select({ hostToken: remoteSessions.hostToken })
        .from(remoteSessions)
        .where(eq(remoteSessions.id, id));
      return {
        url: '/api/rms-connect/restart',
        payload: { url: `http://${row?.hostToken ?? ''}.localhost:8080/` },
      };
    },
  },
  'POST /api/devices/:id/remote-access/:action': onDevice(manage, '/remote-access/check', 'POST'),
  'GET /api/devices/:id/connect/credentials': {
    permission: view,
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const id = await device(context);
      await saveCredential(context, id);
      return { url: `/api/devices/${id}/connect/credentials` };
    },
  },
  'PUT /api/devices/:id/connect/credentials': {
    permission: manage,
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const id = await device(context);
      return {
        url: `/api/devices/${id}/connect/credentials`,
        payload: { username: 'root', password: 'secret-1' },
        untouched: async () => (await credentialsOf(context, id)).length === 0,
      };
    },
  },
  'DELETE /api/devices/:id/connect/credentials': {
    permission: manage,
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const id = await device(context);
      await saveCredential(context, id);
      return {
        url: `/api/devices/${id}/connect/credentials`,
        untouched: async () => (await credentialsOf(context, id)).length === 1,
      };
    },
  },
};
