import type { ConfigRequest, ConfigTemplateListQuery } from '@netfleet/contracts';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';
import { countAll, orderByFrom, searchFilter } from '@/db/list';
import { companies, configTemplates } from '@/db/schema';

const templateColumns = {
  id: configTemplates.id,
  companyId: configTemplates.companyId,
  companyName: companies.name,
  name: configTemplates.name,
  version: configTemplates.version,
  requests: configTemplates.requests,
  deviceModel: configTemplates.deviceModel,
  firmware: configTemplates.firmware,
  minFirmware: configTemplates.minFirmware,
  maxFirmware: configTemplates.maxFirmware,
  createdAt: configTemplates.createdAt,
  updatedAt: configTemplates.updatedAt,
};
export type ConfigTemplateRow = NonNullable<Awaited<ReturnType<ConfigTemplatesRepository['find']>>>;

const SORTABLE = {
  id: configTemplates.id,
  name: configTemplates.name,
  version: configTemplates.version,
  device_model: configTemplates.deviceModel,
  created_at: configTemplates.createdAt,
  updated_at: configTemplates.updatedAt,
};
const SEARCHABLE = { name: configTemplates.name, device_model: configTemplates.deviceModel };

export interface ConfigTemplateValues {
  name: string;
  version: string;
  requests: ConfigRequest[];
  deviceModel: string | null;
  firmware: string | null;
  minFirmware: string | null;
  maxFirmware: string | null;
}

/** Configuration templates of the companies a viewer sees; only this file touches the table. */
export const createConfigTemplatesRepository = (db: Database) => {
  const selectTemplates = (tx: Executor) =>
    tx
      .select(templateColumns)
      .from(configTemplates)
      .innerJoin(companies, eq(companies.id, configTemplates.companyId));

  return {
    async list(viewer: Viewer, query: ConfigTemplateListQuery, tx: Executor = db) {
      const filters: (SQL | undefined)[] = [visibleCompaniesFilter(viewer)];
      if (query.q) filters.push(searchFilter(query.q, undefined, SEARCHABLE));
      if (query.id?.length) filters.push(inArray(configTemplates.id, query.id));
      const where = and(...filters);
      const rows = await selectTemplates(tx)
        .where(where)
        .orderBy(
          ...orderByFrom(query.sort, SORTABLE, [asc(configTemplates.name)]),
          asc(configTemplates.id),
        )
        .limit(query.limit)
        .offset(query.offset);
      const [count] = await tx
        .select({ total: countAll })
        .from(configTemplates)
        .innerJoin(companies, eq(companies.id, configTemplates.companyId))
        .where(where);
      return { rows, total: count?.total ?? 0 };
    },

    /** The template if its company is one the viewer sees, else null. */
    async find(viewer: Viewer, id: number, tx: Executor = db) {
      const [row] = await selectTemplates(tx).where(
        and(eq(configTemplates.id, id), visibleCompaniesFilter(viewer)),
      );
      return row ?? null;
    },

    /** The unique index on (company, lower(name), version) rejects duplicates, races included. */
    async insert(values: ConfigTemplateValues & { companyId: number }, tx: Executor = db) {
      const [row] = await tx
        .insert(configTemplates)
        .values(values)
        .returning({ id: configTemplates.id });
      if (!row) throw new Error('config template insert returned nothing');
      return row.id;
    },

    async update(id: number, values: ConfigTemplateValues, tx: Executor = db) {
      await tx.update(configTemplates).set(values).where(eq(configTemplates.id, id));
    },

    async remove(id: number, tx: Executor = db) {
      await tx.delete(configTemplates).where(eq(configTemplates.id, id));
    },
  };
};

export type ConfigTemplatesRepository = ReturnType<typeof createConfigTemplatesRepository>;
