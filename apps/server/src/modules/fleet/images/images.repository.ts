import type { ImageListQuery, ImageMimeType, ImageType } from '@netfleet/contracts';
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';
import { countAll, orderByFrom, searchFilter } from '@/db/list';
import { companies, images } from '@/db/schema';

const imageColumns = {
  id: images.id,
  companyId: images.companyId,
  companyName: companies.name,
  userId: images.userId,
  type: images.type,
  name: images.name,
  description: images.description,
  mimeType: images.mimeType,
  size: images.size,
  width: images.width,
  height: images.height,
  storageKey: images.storageKey,
  createdAt: images.createdAt,
  updatedAt: images.updatedAt,
};

const SORTABLE = {
  id: images.id,
  name: images.name,
  size: images.size,
  created_at: images.createdAt,
  updated_at: images.updatedAt,
};
const SEARCHABLE = { name: images.name, description: images.description };

export interface NewImage {
  companyId: number;
  userId: number;
  type: ImageType;
  name: string;
  description: string;
  mimeType: ImageMimeType;
  size: number;
  width: number;
  height: number;
  storageKey: string;
}

export const createImagesRepository = (db: Database) => {
  const selectImages = (tx: Executor) =>
    tx.select(imageColumns).from(images).innerJoin(companies, eq(companies.id, images.companyId));

  return {
    /** One page of the images of the companies the viewer sees. */
    async list(viewer: Viewer, query: ImageListQuery, tx: Executor = db) {
      const filters: (SQL | undefined)[] = [visibleCompaniesFilter(viewer)];
      if (query.q) filters.push(searchFilter(query.q, query['search-fields'], SEARCHABLE));
      if (query.type) filters.push(eq(images.type, query.type));
      if (query.company_id) filters.push(eq(images.companyId, query.company_id));
      if (query.id?.length) filters.push(inArray(images.id, query.id));
      const where = and(...filters);
      const orderBy = [
        ...orderByFrom(query.sort, SORTABLE, [desc(images.createdAt)]),
        asc(images.id),
      ];
      const rows = await selectImages(tx)
        .where(where)
        .orderBy(...orderBy)
        .limit(query.limit)
        .offset(query.offset);
      const [count] = await tx
        .select({ total: countAll })
        .from(images)
        .innerJoin(companies, eq(companies.id, images.companyId))
        .where(where);
      return { rows, total: count?.total ?? 0 };
    },

    /** The image if its company is one the viewer sees, else null. */
    async find(viewer: Viewer, id: number, tx: Executor = db) {
      const [row] = await selectImages(tx).where(
        and(eq(images.id, id), visibleCompaniesFilter(viewer)),
      );
      return row ?? null;
    },

    async insert(values: NewImage, tx: Executor = db) {
      const [row] = await tx.insert(images).values(values).returning({ id: images.id });
      if (!row) throw new Error('image insert returned nothing');
      return row.id;
    },

    async updateDescription(id: number, description: string, tx: Executor = db) {
      await tx.update(images).set({ description }).where(eq(images.id, id));
    },

    async remove(id: number, tx: Executor = db) {
      await tx.delete(images).where(eq(images.id, id));
    },
  };
};

export type ImagesRepository = ReturnType<typeof createImagesRepository>;
