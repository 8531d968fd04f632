import { join } from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { images } from '@/db/schema';
import { createFileStore } from '@/modules/fleet/files/file-store';
import { pngImage } from '@/modules/fleet/images/images.fixtures';
import { multipartBody } from '@test/multipart';
import type { AreaTable, CaseContext } from '../matrix';

// Dashboard images. The list is 'global' here: its company scope is tested in images.test.ts.

let sequence = 0;
const picture = pngImage(8, 8);

/** An image of the zone's company, its bytes in the data folder. */
const image = async (context: CaseContext) => {
  const store = createFileStore(join(context.world.t.config.dataDir, 'images'));
  const stored = await store.save(Readable.from([picture]));
  const [row] = await context.world.t.db
    .insert(images)
    .values({
      companyId: context.zone.company.id,
      userId: context.zone.user.id,
      type: 'device_dashboard',
      name: `img-${context.zone.marker}-${++sequence}.png`,
      mimeType: 'image/png',
      size: stored.size,
      width: 8,
      height: 8,
      storageKey: stored.key,
    })
    .returning({ id: images.id });
  if (!row) throw new Error('image insert failed');
  return row.id;
};
const imageRow = async (context: CaseContext, id: number) =>
  (await context.world.t.db.select().from(images).where(eq(images.id, id)))[0] ?? null;

export const imageRoutes: AreaTable = {
  'GET /api/images': {
    permission: 'view_images',
    scope: 'global',
    ok: 200,
    build: async () => ({ url: '/api/images' }),
  },
  'POST /api/images': {
    permission: 'manage_images',
    scope: 'company',
    ok: 201,
    build: async (context) => {
      const name = `up-${context.zone.marker}-${++sequence}.png`;
      const { payload, contentType } = multipartBody(
        { type: 'device_dashboard', company_id: String(context.zone.company.id) },
        { name, content: picture, field: 'image', type: 'image/png' },
      );
      const session = context.actor.session;
      return {
        url: '/api/images',
        payload,
        session: { ...session, headers: { ...session.headers, 'content-type': contentType } },
        untouched: async () =>
          (await context.world.t.db.select().from(images).where(eq(images.name, name))).length ===
          0,
      };
    },
  },
  'GET /api/images/:id': {
    permission: 'view_images',
    scope: 'company',
    ok: 200,
    build: async (context) => ({ url: `/api/images/${await image(context)}` }),
  },
  'GET /api/images/:id/thumbnail': {
    permission: 'view_images',
    scope: 'company',
    ok: 200,
    build: async (context) => ({ url: `/api/images/${await image(context)}/thumbnail` }),
  },
  'PUT /api/images/:id': {
    permission: 'manage_images',
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const id = await image(context);
      return {
        url: `/api/images/${id}`,
        payload: { description: 'changed' },
        untouched: async () => (await imageRow(context, id))?.description === '',
      };
    },
  },
  'DELETE /api/images/:id': {
    permission: 'manage_images',
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const id = await image(context);
      return {
        url: `/api/images/${id}`,
        untouched: async () => (await imageRow(context, id)) !== null,
      };
    },
  },
};
