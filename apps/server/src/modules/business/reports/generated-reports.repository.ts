import type { GeneratedReportListQuery } from '@netfleet/contracts';
import { and, asc, desc, eq, inArray, lt, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';
import { countAll, orderByFrom, searchFilter } from '@/db/list';
import { companies, generatedReports } from '@/db/schema';

export type GeneratedValues = Omit<typeof generatedReports.$inferInsert, 'id' | 'createdAt'>;

const g = generatedReports;

/** A generated report's row without its figures and files (what lists answer). */
const summaryColumns = {
  id: g.id,
  templateId: g.templateId,
  templateName: g.templateName,
  companyId: g.companyId,
  companyName: companies.name,
  name: g.name,
  description: g.description,
  type: g.type,
  period: g.period,
  parameters: g.parameters,
  periodStart: g.periodStart,
  periodEnd: g.periodEnd,
  timeZone: g.timeZone,
  devicesCount: g.devicesCount,
  mailStatus: g.mailStatus,
  mailError: g.mailError,
  createdAt: g.createdAt,
};

const SORTABLE = {
  id: g.id,
  name: g.name,
  created_at: g.createdAt,
  period_start: g.periodStart,
};
const SEARCHABLE = {
  name: g.name,
  description: g.description,
  report_template_name: g.templateName,
};

export type GeneratedRow = Awaited<ReturnType<GeneratedReportsRepository['list']>>['rows'][number];

/** Generated reports, always within the companies the viewer sees. */
export const createGeneratedReportsRepository = (db: Database) => {
  const visible = (viewer: Viewer, id: number): SQL | undefined =>
    and(eq(g.id, id), visibleCompaniesFilter(viewer));

  return {
    async list(viewer: Viewer, query: GeneratedReportListQuery, tx: Executor = db) {
      const where = and(
        visibleCompaniesFilter(viewer),
        query.company_id ? eq(g.companyId, query.company_id) : undefined,
        query.report_template_id ? eq(g.templateId, query.report_template_id) : undefined,
        query.id?.length ? inArray(g.id, query.id) : undefined,
        query.q ? searchFilter(query.q, query['search-fields'], SEARCHABLE) : undefined,
      );
      const rows = await tx
        .select(summaryColumns)
        .from(g)
        .innerJoin(companies, eq(companies.id, g.companyId))
        .where(where)
        .orderBy(...orderByFrom(query.sort, SORTABLE, [desc(g.createdAt)]), desc(g.id))
        .limit(query.limit)
        .offset(query.offset);
      const [count] = await tx
        .select({ total: countAll })
        .from(g)
        .innerJoin(companies, eq(companies.id, g.companyId))
        .where(where);
      return { rows, total: count?.total ?? 0 };
    },

    /** One report with its figures (not its files); null when the viewer does not see it. */
    async find(viewer: Viewer, id: number, tx: Executor = db) {
      const [row] = await tx
        .select({ ...summaryColumns, data: g.data })
        .from(g)
        .innerJoin(companies, eq(companies.id, g.companyId))
        .where(visible(viewer, id));
      return row ?? null;
    },

    /** The stored PDF or CSV with the report's name. */
    async file(viewer: Viewer, id: number, kind: 'pdf' | 'csv', tx: Executor = db) {
      const [row] = await tx
        .select({
          name: g.name,
          periodStart: g.periodStart,
          timeZone: g.timeZone,
          content: kind === 'pdf' ? g.pdf : g.csv,
        })
        .from(g)
        .innerJoin(companies, eq(companies.id, g.companyId))
        .where(visible(viewer, id));
      return row ?? null;
    },

    async insert(values: GeneratedValues, tx: Executor = db) {
      const [row] = await tx.insert(g).values(values).returning({ id: g.id });
      if (!row) throw new Error('generated report insert returned nothing');
      return row.id;
    },

    async update(id: number, values: { name?: string; description?: string }, tx: Executor = db) {
      await tx.update(g).set(values).where(eq(g.id, id));
    },

    async delete(id: number, tx: Executor = db) {
      await tx.delete(g).where(eq(g.id, id));
    },

    /**
     * Deletes up to `limit` reports generated before `before`, the oldest first; answers how many.
     * It runs daily over rows whose files are stored out of line, so created_at has no index.
     */
    async deleteOlderThan(before: Date, limit: number, tx: Executor = db) {
      const oldest = tx
        .select({ id: g.id })
        .from(g)
        .where(lt(g.createdAt, before))
        .orderBy(asc(g.id))
        .limit(limit);
      const rows = await tx.delete(g).where(inArray(g.id, oldest)).returning({ id: g.id });
      return rows.length;
    },

    async recordMail(
      id: number,
      mail: { status: 'sent' | 'failed'; error: string | null },
      tx: Executor = db,
    ) {
      await tx
        .update(g)
        .set({ mailStatus: mail.status, mailError: mail.error })
        .where(eq(g.id, id));
    },
  };
};

export type GeneratedReportsRepository = ReturnType<typeof createGeneratedReportsRepository>;
