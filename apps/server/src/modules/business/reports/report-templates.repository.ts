import type { ReportAppliedBy, ReportTemplateListQuery } from '@netfleet/contracts';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';
import { countAll, orderByFrom, searchFilter } from '@/db/list';
import { companies, devices, emailConfigurations, reportTemplates, tags } from '@/db/schema';
import type { ReportRange } from './report-periods';

export type TemplateValues = Omit<
  typeof reportTemplates.$inferInsert,
  | 'id'
  | 'createdAt'
  | 'updatedAt'
  | 'runPeriodStart'
  | 'runPeriodEnd'
  | 'runLeaseUntil'
  | 'runAttempts'
>;

/** A period an instance claimed and has not stored yet. */
export interface ClaimedRun {
  id: number;
  range: ReportRange;
  leaseUntil: Date;
  attempts: number;
}

/** Leaves the template's row as it is apart from what is set (the scheduler's own columns). */
const keepUpdatedAt = { updatedAt: sql`${reportTemplates.updatedAt}` };

const columns = {
  template: reportTemplates,
  companyName: companies.name,
  companyPath: companies.path,
};

const SORTABLE = {
  id: reportTemplates.id,
  name: reportTemplates.name,
  type: reportTemplates.type,
  period: reportTemplates.period,
  created_at: reportTemplates.createdAt,
  updated_at: reportTemplates.updatedAt,
};
const SEARCHABLE = { name: reportTemplates.name, description: reportTemplates.description };

export type TemplateRow = NonNullable<Awaited<ReturnType<ReportTemplatesRepository['find']>>>;

const TYPES = new Set<string>(['single', 'periodic']);

/** Report templates, always within the companies the viewer sees. */
export const createReportTemplatesRepository = (db: Database) => {
  const select = (tx: Executor) =>
    tx
      .select(columns)
      .from(reportTemplates)
      .innerJoin(companies, eq(companies.id, reportTemplates.companyId));

  return {
    async list(viewer: Viewer, query: ReportTemplateListQuery, tx: Executor = db) {
      const period = query.period;
      const where = and(
        visibleCompaniesFilter(viewer),
        query.company_id ? eq(reportTemplates.companyId, query.company_id) : undefined,
        query.type ? eq(reportTemplates.type, query.type) : undefined,
        // RMS's `period` is the type (single, periodic); netfleet also takes a period itself.
        period && TYPES.has(period) ? eq(reportTemplates.type, period as 'single') : undefined,
        period && !TYPES.has(period) ? eq(reportTemplates.period, period as 'day') : undefined,
        query.applied_by ? eq(reportTemplates.appliedBy, query.applied_by) : undefined,
        query.id?.length ? inArray(reportTemplates.id, query.id) : undefined,
        query.q ? searchFilter(query.q, query['search-fields'], SEARCHABLE) : undefined,
      );
      const rows = await select(tx)
        .where(where)
        .orderBy(
          ...orderByFrom(query.sort, SORTABLE, [desc(reportTemplates.createdAt)]),
          desc(reportTemplates.id),
        )
        .limit(query.limit)
        .offset(query.offset);
      const [count] = await tx
        .select({ total: countAll })
        .from(reportTemplates)
        .innerJoin(companies, eq(companies.id, reportTemplates.companyId))
        .where(where);
      return { rows, total: count?.total ?? 0 };
    },

    /** A template the viewer sees (any template without a viewer: the scheduler). */
    async find(viewer: Viewer | null, id: number, tx: Executor = db) {
      const [row] = await select(tx).where(
        and(eq(reportTemplates.id, id), viewer ? visibleCompaniesFilter(viewer) : undefined),
      );
      return row ?? null;
    },

    async insert(values: TemplateValues, tx: Executor = db) {
      const [row] = await tx
        .insert(reportTemplates)
        .values(values)
        .returning({ id: reportTemplates.id });
      if (!row) throw new Error('report template insert returned nothing');
      return row.id;
    },

    async update(id: number, values: Partial<TemplateValues>, tx: Executor = db) {
      await tx.update(reportTemplates).set(values).where(eq(reportTemplates.id, id));
    },

    async delete(id: number, tx: Executor = db) {
      await tx.delete(reportTemplates).where(eq(reportTemplates.id, id));
    },

    /** The ids of `ids` the viewer may apply a report to (devices, companies or tags it sees). */
    async visibleItems(
      viewer: Viewer,
      appliedBy: ReportAppliedBy,
      ids: readonly number[],
      tx: Executor = db,
    ): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const table = appliedBy === 'device' ? devices : appliedBy === 'tag' ? tags : null;
      const rows = table
        ? await tx
            .select({ id: table.id })
            .from(table)
            .innerJoin(companies, eq(companies.id, table.companyId))
            .where(and(inArray(table.id, [...ids]), visibleCompaniesFilter(viewer)))
        : await tx
            .select({ id: companies.id })
            .from(companies)
            .where(and(inArray(companies.id, [...ids]), visibleCompaniesFilter(viewer)));
      return new Set(rows.map((row) => row.id));
    },

    /**
     * Names of applied items by kind and id that the viewer sees (a template filed in a subsidiary
     * may name its parent's devices), for a page of templates in three queries at most.
     */
    async names(
      viewer: Viewer,
      items: { appliedBy: ReportAppliedBy; ids: readonly number[] }[],
      tx: Executor = db,
    ) {
      const wanted = (kind: ReportAppliedBy) => [
        ...new Set(items.filter((item) => item.appliedBy === kind).flatMap((item) => item.ids)),
      ];
      const load = async (kind: ReportAppliedBy) => {
        const ids = wanted(kind);
        if (!ids.length) return [];
        const table = kind === 'device' ? devices : kind === 'tag' ? tags : null;
        if (!table)
          return tx
            .select({ id: companies.id, name: companies.name })
            .from(companies)
            .where(and(inArray(companies.id, ids), visibleCompaniesFilter(viewer)));
        return tx
          .select({ id: table.id, name: table.name })
          .from(table)
          .innerJoin(companies, eq(companies.id, table.companyId))
          .where(and(inArray(table.id, ids), visibleCompaniesFilter(viewer)));
      };
      const [deviceNames, companyNames, tagNames] = await Promise.all([
        load('device'),
        load('company'),
        load('tag'),
      ]);
      const maps = {
        device: new Map(deviceNames.map((row) => [row.id, row.name])),
        company: new Map(companyNames.map((row) => [row.id, row.name])),
        tag: new Map(tagNames.map((row) => [row.id, row.name])),
      };
      return (kind: ReportAppliedBy, id: number) => maps[kind].get(id);
    },

    async companyVisible(viewer: Viewer, id: number, tx: Executor = db) {
      const [row] = await tx
        .select({ id: companies.id })
        .from(companies)
        .where(and(eq(companies.id, id), visibleCompaniesFilter(viewer)));
      return row !== undefined;
    },

    async smtpVisible(viewer: Viewer, id: number, tx: Executor = db) {
      const [row] = await tx
        .select({ id: emailConfigurations.id })
        .from(emailConfigurations)
        .innerJoin(companies, eq(companies.id, emailConfigurations.companyId))
        .where(and(eq(emailConfigurations.id, id), visibleCompaniesFilter(viewer)));
      return row !== undefined;
    },

    /**
     * Active periodic templates whose period has ended, the longest due first; not while a period
     * of theirs is still being generated (or was lost and waits to be claimed again).
     */
    async due(at: Date, limit: number, tx: Executor = db) {
      return tx
        .select({ id: reportTemplates.id, nextRunAt: reportTemplates.nextRunAt })
        .from(reportTemplates)
        .where(
          and(
            eq(reportTemplates.type, 'periodic'),
            eq(reportTemplates.isActive, true),
            isNotNull(reportTemplates.nextRunAt),
            lte(reportTemplates.nextRunAt, at),
            isNull(reportTemplates.runLeaseUntil),
          ),
        )
        .orderBy(asc(reportTemplates.nextRunAt), asc(reportTemplates.id))
        .limit(limit);
    },

    /**
     * Moves a due template on to its next run, only if it is still due at `expected`: of several
     * instances that saw it due, exactly one moves it, and only that one generates the report. The
     * period is held with the claim until `leaseUntil`, so that it outlives the instance.
     */
    async claim(
      id: number,
      expected: Date,
      next: Date,
      run: { range: ReportRange; leaseUntil: Date },
      tx: Executor = db,
    ) {
      const rows = await tx
        .update(reportTemplates)
        .set({
          nextRunAt: next,
          runPeriodStart: run.range.start,
          runPeriodEnd: run.range.end,
          runLeaseUntil: run.leaseUntil,
          runAttempts: 1,
          ...keepUpdatedAt,
        })
        .where(
          and(
            eq(reportTemplates.id, id),
            eq(reportTemplates.nextRunAt, expected),
            eq(reportTemplates.type, 'periodic'),
            eq(reportTemplates.isActive, true),
            isNull(reportTemplates.runLeaseUntil),
          ),
        )
        .returning({ id: reportTemplates.id });
      return rows.length === 1;
    },

    /** Claimed periods whose lease ran out before their report was stored, the oldest first. */
    async lapsed(at: Date, limit: number, tx: Executor = db): Promise<ClaimedRun[]> {
      const rows = await tx
        .select({
          id: reportTemplates.id,
          start: reportTemplates.runPeriodStart,
          end: reportTemplates.runPeriodEnd,
          leaseUntil: reportTemplates.runLeaseUntil,
          attempts: reportTemplates.runAttempts,
        })
        .from(reportTemplates)
        .where(lte(reportTemplates.runLeaseUntil, at))
        .orderBy(asc(reportTemplates.runLeaseUntil), asc(reportTemplates.id))
        .limit(limit);
      return rows.flatMap(({ id, start, end, leaseUntil, attempts }) =>
        start && end && leaseUntil ? [{ id, range: { start, end }, leaseUntil, attempts }] : [],
      );
    },

    /** Takes a lapsed period over, only if nobody did since it was read (its lease is the token). */
    async reclaim(id: number, expected: Date, leaseUntil: Date, tx: Executor = db) {
      const rows = await tx
        .update(reportTemplates)
        .set({
          runLeaseUntil: leaseUntil,
          runAttempts: sql`${reportTemplates.runAttempts} + 1`,
          ...keepUpdatedAt,
        })
        .where(and(eq(reportTemplates.id, id), eq(reportTemplates.runLeaseUntil, expected)))
        .returning({ id: reportTemplates.id });
      return rows.length === 1;
    },

    /**
     * Lets go of a claimed period, only while `lease` still holds it: false when another instance
     * has taken it over, whose report is then the one kept.
     */
    async release(id: number, lease: Date, tx: Executor = db) {
      const rows = await tx
        .update(reportTemplates)
        .set({
          runPeriodStart: null,
          runPeriodEnd: null,
          runLeaseUntil: null,
          runAttempts: 0,
          ...keepUpdatedAt,
        })
        .where(and(eq(reportTemplates.id, id), eq(reportTemplates.runLeaseUntil, lease)))
        .returning({ id: reportTemplates.id });
      return rows.length === 1;
    },

    /** How the last generation went: when it succeeded, or why it failed. */
    async recordOutcome(
      id: number,
      outcome: { generatedAt: Date } | { error: string },
      tx: Executor = db,
    ) {
      await tx
        .update(reportTemplates)
        .set(
          'error' in outcome
            ? { lastError: outcome.error, ...keepUpdatedAt }
            : { lastGeneratedAt: outcome.generatedAt, lastError: null, ...keepUpdatedAt },
        )
        .where(eq(reportTemplates.id, id));
    },
  };
};

export type ReportTemplatesRepository = ReturnType<typeof createReportTemplatesRepository>;
