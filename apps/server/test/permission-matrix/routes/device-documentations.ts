import { eq } from 'drizzle-orm';
import { deviceDocumentations } from '@/db/schema';
import { multipartBody } from '@test/multipart';
import type { AreaTable, CaseContext } from '../matrix';

// Device API documentations are system-wide: no company owns one, so no target is anyone's.

let sequence = 0;
const nextVersion = (context: CaseContext) => `${context.zone.marker}.${++sequence}`;

const document = (version: string) =>
  Buffer.from(JSON.stringify({ openapi: '3.0.0', info: { version }, paths: { '/a': {} } }));

/** An uploaded documentation row (its file need not exist: removal forgets a missing one). */
const documentation = async (context: CaseContext) => {
  const [row] = await context.world.t.db
    .insert(deviceDocumentations)
    .values({
      name: 'matrix.json',
      apiSystem: 'tswos',
      apiVersion: nextVersion(context),
      size: 1,
      storageKey: `matrix-${sequence}`,
      userId: context.zone.user.id,
    })
    .returning({ id: deviceDocumentations.id });
  if (!row) throw new Error('device documentation insert failed');
  return row.id;
};
const exists = async (context: CaseContext, id: number) =>
  (
    await context.world.t.db
      .select()
      .from(deviceDocumentations)
      .where(eq(deviceDocumentations.id, id))
  ).length === 1;

export const deviceDocumentationRoutes: AreaTable = {
  'GET /api/device-documentations': {
    permission: 'view_devices',
    scope: 'global',
    ok: 200,
    build: async () => ({ url: '/api/device-documentations' }),
  },
  'POST /api/device-documentations': {
    permission: 'super_admin',
    scope: 'global',
    ok: 201,
    build: async (context) => {
      const version = nextVersion(context);
      const { payload, contentType } = multipartBody(
        { system: 'rutos' },
        { name: 'api.json', content: document(version), type: 'application/json' },
      );
      const session = context.actor.session;
      return {
        url: '/api/device-documentations',
        payload,
        session: { ...session, headers: { ...session.headers, 'content-type': contentType } },
        untouched: async () =>
          (
            await context.world.t.db
              .select()
              .from(deviceDocumentations)
              .where(eq(deviceDocumentations.apiVersion, version))
          ).length === 0,
      };
    },
  },
  'GET /api/device-documentations/:id/file': {
    permission: 'view_devices',
    scope: 'global',
    ok: 200,
    // The built-in documentation: its document is generated, so it is always there to read.
    build: async () => ({ url: '/api/device-documentations/1/file' }),
  },
  'DELETE /api/device-documentations/:id': {
    permission: 'super_admin',
    scope: 'global',
    ok: 200,
    build: async (context) => {
      const id = await documentation(context);
      return {
        url: `/api/device-documentations/${id}`,
        untouched: () => exists(context, id),
      };
    },
  },
};
