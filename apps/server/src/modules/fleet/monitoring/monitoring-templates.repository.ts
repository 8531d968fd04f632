import type { MonitoringParameter, MonitoringTemplateListQuery } from '@netfleet/contracts';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';
import { countAll, orderByFrom, searchFilter } from '@/db/list';
import { companies, monitoringTemplates } from '@/db/schema';

const templateColumns = {
  id: monitoringTemplates.id,
  companyId: monitoringTemplates.companyId,
  companyName: companies.name,
  name: monitoringTemplates.name,
  description: monitoringTemplates.description,
  parameters: monitoringTemplates.parameters,
  createdAt: monitoringTemplates.createdAt,
  updatedAt: monitoringTemplates.updatedAt,
};

const SORTABLE = {
  id: monitoringTemplates.id,
  name: monitoringTemplates.name,
  created_at: monitoringTemplates.createdAt,
};
const SEARCHABLE = { name: monitoringTemplates.name, description: monitoringTemplates.description };

export interface TemplateValues {
  name?: string;
  description?: string;
  parameters?: MonitoringParameter[];
}

export const createMonitoringTemplatesRepository = (db: Database) => {
  const selectTemplates = (tx: Executor) =>
    tx
      .select(templateColumns)
      .from(monitoringTemplates)
      .innerJoin(companies, eq(companies.id, monitoringTemplates.companyId));

  return {
    async list(viewer: Viewer, query: MonitoringTemplateListQuery, tx: Executor = db) {
      const filters: (SQL | undefined)[] = [visibleCompaniesFilter(viewer)];
      if (query.q) filters.push(searchFilter(query.q, query['search-fields'], SEARCHABLE));
      if (query.company_id) filters.push(eq(monitoringTemplates.companyId, query.company_id));
      if (query.id?.length) filters.push(inArray(monitoringTemplates.id, query.id));
      const where = and(...filters);
      const orderBy = [
        ...orderByFrom(query.sort, SORTABLE, [asc(monitoringTemplates.name)]),
        asc(monitoringTemplates.id),
      ];
      const rows = await selectTemplates(tx)
        .where(where)
        .orderBy(...orderBy)
        .limit(query.limit)
        .offset(query.offset);
      const [count] = await tx
        .select({ total: countAll })
        .from(monitoringTemplates)
        .innerJoin(companies, eq(companies.id, monitoringTemplates.companyId))
        .where(where);
      return { rows, total: count?.total ?? 0 };
    },

    /** The template if its company is one the viewer sees, else null. */
    async find(viewer: Viewer, id: number, tx: Executor = db) {
      const [row] = await selectTemplates(tx).where(
        and(eq(monitoringTemplates.id, id), visibleCompaniesFilter(viewer)),
      );
      return row ?? null;
    },

    /** The unique index on (company, lower(name)) rejects duplicates, races included. */
    async insert(
      values: {
        companyId: number;
        name: string;
        description: string;
        parameters: MonitoringParameter[];
      },
      tx: Executor = db,
    ) {
      const [row] = await tx
        .insert(monitoringTemplates)
        .values(values)
        .returning({ id: monitoringTemplates.id });
      if (!row) throw new Error('monitoring template insert returned nothing');
      return row.id;
    },

    async update(id: number, values: TemplateValues, tx: Executor = db) {
      await tx.update(monitoringTemplates).set(values).where(eq(monitoringTemplates.id, id));
    },

    async remove(id: number, tx: Executor = db) {
      await tx.delete(monitoringTemplates).where(eq(monitoringTemplates.id, id));
    },
  };
};

export type MonitoringTemplatesRepository = ReturnType<typeof createMonitoringTemplatesRepository>;
