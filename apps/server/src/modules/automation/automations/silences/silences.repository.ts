import type { SilenceListQuery, SilenceRecurrence } from '@netfleet/contracts';
import { and, asc, desc, eq, gt, inArray, sql, type AnyColumn } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '@/db/client';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';
import { countAll, orderByFrom } from '@/db/list';
import { alertSilences, automations, companies, devices, tags } from '@/db/schema';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const SORTABLE = {
  id: alertSilences.id,
  name: alertSilences.name,
  starts_at: alertSilences.startsAt,
  ends_at: alertSilences.endsAt,
  created_at: alertSilences.createdAt,
};

export interface SilenceValues {
  companyId: number;
  name: string;
  automationIds: number[];
  deviceIds: number[];
  tagIds: number[];
  startsAt: Date;
  endsAt: Date;
  recurrence: SilenceRecurrence | null;
  notifyAfter: boolean;
}

export type SilenceRow = typeof alertSilences.$inferSelect & { companyPath: string };

/** A silence the runtime keeps: its window and the devices it covers now. */
export interface SilenceWindowRow {
  id: number;
  name: string;
  automationIds: number[];
  startsAt: Date;
  endsAt: Date;
  recurrence: SilenceRecurrence | null;
  notifyAfter: boolean;
  deviceIds: number[];
}

/** Of `ids` in `table`, those whose company the viewer sees, with the company path. */
const pathsOf = async (
  tx: Executor,
  viewer: Viewer,
  table: PgTable & { id: AnyColumn; companyId: AnyColumn },
  ids: readonly number[],
) => {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await tx
    .select({ id: sql<number>`${table.id}`, path: companies.path })
    .from(table)
    .innerJoin(companies, eq(companies.id, table.companyId))
    .where(and(inArray(table.id, [...ids]), visibleCompaniesFilter(viewer)));
  return new Map(rows.map((row) => [Number(row.id), row.path]));
};

/** Silences of automations (alert_silences) and what they name, as the viewer sees them. */
export const createSilencesRepository = (db: Database) => {
  const select = (tx: Executor) =>
    tx
      .select({ silence: alertSilences, companyPath: companies.path })
      .from(alertSilences)
      .innerJoin(companies, eq(companies.id, alertSilences.companyId));
  const flat = (row: { silence: typeof alertSilences.$inferSelect; companyPath: string }) => ({
    ...row.silence,
    companyPath: row.companyPath,
  });

  return {
    async list(viewer: Viewer, query: SilenceListQuery, tx: Executor = db) {
      const where = and(
        visibleCompaniesFilter(viewer),
        query.company_id ? eq(alertSilences.companyId, query.company_id) : undefined,
      );
      const rows = await select(tx)
        .where(where)
        .orderBy(
          ...orderByFrom(query.sort, SORTABLE, [desc(alertSilences.startsAt)]),
          asc(alertSilences.id),
        )
        .limit(query.limit)
        .offset(query.offset);
      const [count] = await tx
        .select({ total: countAll })
        .from(alertSilences)
        .innerJoin(companies, eq(companies.id, alertSilences.companyId))
        .where(where);
      return { rows: rows.map(flat), total: count?.total ?? 0 };
    },

    async find(viewer: Viewer, id: number, tx: Executor = db): Promise<SilenceRow | null> {
      const [row] = await select(tx).where(
        and(eq(alertSilences.id, id), visibleCompaniesFilter(viewer)),
      );
      return row ? flat(row) : null;
    },

    async insert(values: SilenceValues & { createdBy: number }, tx: Executor = db) {
      const [row] = await tx
        .insert(alertSilences)
        .values(values)
        .returning({ id: alertSilences.id });
      if (!row) throw new Error('silence insert returned nothing');
      return row.id;
    },

    async update(id: number, values: Partial<SilenceValues>, tx: Executor = db) {
      await tx
        .update(alertSilences)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(alertSilences.id, id));
    },

    async remove(id: number, tx: Executor = db) {
      await tx.delete(alertSilences).where(eq(alertSilences.id, id));
    },

    /** The company's path if the viewer sees it. */
    async companyPath(viewer: Viewer, id: number, tx: Executor = db) {
      const [row] = await tx
        .select({ path: companies.path })
        .from(companies)
        .where(and(eq(companies.id, id), visibleCompaniesFilter(viewer)));
      return row?.path ?? null;
    },
    automations: (viewer: Viewer, ids: readonly number[], tx: Executor = db) =>
      pathsOf(tx, viewer, automations, ids),
    devices: (viewer: Viewer, ids: readonly number[], tx: Executor = db) =>
      pathsOf(tx, viewer, devices, ids),
    tags: (viewer: Viewer, ids: readonly number[], tx: Executor = db) =>
      pathsOf(tx, viewer, tags, ids),

    /**
     * Silences not over at `at`, with the devices each covers: those named, those with a tag
     * named, or (neither named) every device of the company's subtree.
     */
    async windows(at: Date, tx: Executor = db): Promise<SilenceWindowRow[]> {
      const rows = await tx
        .select()
        .from(alertSilences)
        .where(gt(alertSilences.endsAt, at))
        .orderBy(asc(alertSilences.id));
      if (rows.length === 0) return [];
      const result = await tx.execute(sql`
        select s.id, array_remove(array_agg(distinct d.id), null) as device_ids
        from alert_silences s
        join companies sc on sc.id = s.company_id
        left join devices d on d.company_id in (
            select c.id from companies c where c.path like sc.path || '%')
          and (
            (cardinality(s.device_ids) = 0 and cardinality(s.tag_ids) = 0)
            or d.id = any(s.device_ids)
            or exists (select 1 from device_tags dt
              where dt.device_id = d.id and dt.tag_id = any(s.tag_ids)))
        where s.ends_at > ${at}
        group by s.id`);
      const covered = new Map(
        rowsOf<{ id: number; device_ids: number[] | null }>(result).map((row) => [
          Number(row.id),
          (row.device_ids ?? []).map(Number),
        ]),
      );
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        automationIds: row.automationIds,
        startsAt: row.startsAt,
        endsAt: row.endsAt,
        recurrence: row.recurrence,
        notifyAfter: row.notifyAfter,
        deviceIds: covered.get(row.id) ?? [],
      }));
    },
  };
};

export type SilencesRepository = ReturnType<typeof createSilencesRepository>;
