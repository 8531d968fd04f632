import type { TagListQuery } from '@netfleet/contracts';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { countAll, orderByFrom, searchFilter } from '@/db/list';
import { companies, deviceTags, tags } from '@/db/schema';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';

/** Devices carrying the tag: one correlated count on the device_tags(tag_id) index. */
const devicesCountOf = sql<number>`(select cast(count(*) as integer) from ${deviceTags} where ${deviceTags.tagId} = ${tags.id})`;

const tagColumns = {
  id: tags.id,
  companyId: tags.companyId,
  companyName: companies.name,
  name: tags.name,
  description: tags.description,
  color: tags.color,
  devicesCount: devicesCountOf,
  createdAt: tags.createdAt,
  updatedAt: tags.updatedAt,
};

const SORTABLE = {
  id: tags.id,
  name: tags.name,
  created_at: tags.createdAt,
  company_name: companies.name,
  devices_count: devicesCountOf,
  device_count: devicesCountOf,
};
const SEARCHABLE = { name: tags.name, description: tags.description };

export interface TagValues {
  name?: string;
  description?: string;
  color?: string | null;
}

export const createTagsRepository = (db: Database) => {
  const selectTags = (tx: Executor) =>
    tx.select(tagColumns).from(tags).innerJoin(companies, eq(companies.id, tags.companyId));

  return {
    /** One page of the tags of the companies the viewer sees. */
    async list(viewer: Viewer, query: TagListQuery, tx: Executor = db) {
      const filters: (SQL | undefined)[] = [visibleCompaniesFilter(viewer)];
      if (query.q) filters.push(searchFilter(query.q, query['search-fields'], SEARCHABLE));
      if (query.company_id) filters.push(eq(tags.companyId, query.company_id));
      if (query.id?.length) filters.push(inArray(tags.id, query.id));
      const where = and(...filters);
      // The id tie-breaker keeps pages stable when many rows share a sort value.
      const orderBy = [...orderByFrom(query.sort, SORTABLE, [asc(tags.name)]), asc(tags.id)];
      const rows = await selectTags(tx)
        .where(where)
        .orderBy(...orderBy)
        .limit(query.limit)
        .offset(query.offset);
      const [count] = await tx
        .select({ total: countAll })
        .from(tags)
        .innerJoin(companies, eq(companies.id, tags.companyId))
        .where(where);
      return { rows, total: count?.total ?? 0 };
    },

    /** The tag if its company is one the viewer sees, else null. */
    async find(viewer: Viewer, id: number, tx: Executor = db) {
      const [row] = await selectTags(tx).where(
        and(eq(tags.id, id), visibleCompaniesFilter(viewer)),
      );
      return row ?? null;
    },

    /** The unique index on (company, lower(name)) rejects duplicates, races included. */
    async insert(
      values: { companyId: number; name: string; description: string; color: string | null },
      tx: Executor = db,
    ) {
      const [row] = await tx.insert(tags).values(values).returning({ id: tags.id });
      if (!row) throw new Error('tag insert returned nothing');
      return row.id;
    },

    async update(id: number, values: TagValues, tx: Executor = db) {
      await tx.update(tags).set(values).where(eq(tags.id, id));
    },

    async remove(id: number, tx: Executor = db) {
      await tx.delete(tags).where(eq(tags.id, id));
    },
  };
};

export type TagsRepository = ReturnType<typeof createTagsRepository>;
