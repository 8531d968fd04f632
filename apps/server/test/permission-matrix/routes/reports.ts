import type { ReportData } from '@netfleet/contracts';
import { count, eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { generatedReports, reportTemplates } from '@/db/schema';
import type { CompanyRow, UserRow } from '@/db/types';
import type { AreaTable, CaseContext } from '../matrix';

// Report templates and generated reports, made straight in the database for each zone (named
// with its marker), the credit usage report of a zone's company and the report of one of its pools.

/** A zone's standing report rows, read by the read routes and the list checks. */
export interface ZoneReports {
  templateId: number;
  generatedId: number;
}

const START = new Date('2024-05-14T00:00:00Z');
const END = new Date('2024-05-15T00:00:00Z');

/** A generated report's figures with no device in it. */
const emptyData = (name: string, companyId: number): ReportData => ({
  all: {
    max_signal: null,
    min_signal: null,
    mobile_data: null,
    average_values: {
      signal: null,
      temperature: null,
      router_uptime: null,
      connection_uptime: null,
    },
    max_temperature: null,
    min_temperature: null,
    max_router_uptime: null,
    min_router_uptime: null,
    max_connection_uptime: null,
    min_connection_uptime: null,
    devices: 0,
    alerts: 0,
    tasks: null,
    tasks_succeeded: null,
    tasks_failed: null,
    remote_sessions: null,
    remote_bytes: null,
    credits_used: null,
  },
  params: {
    type: 'single',
    company: companyId,
    apply_to: 'company',
    start_date: '2024-05-14 00:00:00',
    end_date: '2024-05-15 00:00:00',
    parameters: '8',
    period_type: 'day',
    report_name: name,
    report_description: '',
    generation_date: Math.floor(END.getTime() / 1000),
    time_zone: 'UTC',
  },
  devices: [],
  operator_stats: [],
  connection_type_stats: [],
  daily: [{ date: '2024-05-14', received: 0, sent: 0, alerts: 0 }],
});

let sequence = 0;

/** A template of the company, owned by `user`, over the company itself. */
export const insertTemplate = async (
  db: Database,
  company: CompanyRow,
  user: UserRow,
  marker: string,
) => {
  const [row] = await db
    .insert(reportTemplates)
    .values({
      companyId: company.id,
      userId: user.id,
      name: `Report ${marker} ${++sequence}`,
      type: 'single',
      period: 'day',
      parameters: ['alerts'],
      appliedBy: 'company',
      applyList: [company.id],
    })
    .returning({ id: reportTemplates.id });
  if (!row) throw new Error('report template insert returned nothing');
  return row.id;
};

/** A generated report of the company (from `templateId`), with a stand-in PDF and CSV. */
export const insertGenerated = async (
  db: Database,
  company: CompanyRow,
  templateId: number,
  marker: string,
) => {
  const name = `Generated ${marker} ${++sequence}`;
  const [row] = await db
    .insert(generatedReports)
    .values({
      templateId,
      templateName: name,
      companyId: company.id,
      name,
      type: 'single',
      period: 'day',
      parameters: ['alerts'],
      periodStart: START,
      periodEnd: END,
      timeZone: 'UTC',
      devicesCount: 0,
      data: emptyData(name, company.id),
      pdf: Buffer.from(`%PDF-1.3\n% ${name}\n`),
      csv: 'router_id,name,serial,mac,alerts\r\n',
    })
    .returning({ id: generatedReports.id });
  if (!row) throw new Error('generated report insert returned nothing');
  return row.id;
};

/** A zone's standing template and generated report. */
export const matrixReports = async (
  db: Database,
  company: CompanyRow,
  user: UserRow,
  marker: string,
): Promise<ZoneReports> => {
  const templateId = await insertTemplate(db, company, user, marker);
  return { templateId, generatedId: await insertGenerated(db, company, templateId, marker) };
};

const db = (context: CaseContext) => context.world.t.db;

const templateRow = async (context: CaseContext, id: number) =>
  (await db(context).select().from(reportTemplates).where(eq(reportTemplates.id, id)))[0] ?? null;
const generatedRow = async (context: CaseContext, id: number) =>
  (
    await db(context)
      .select({ name: generatedReports.name })
      .from(generatedReports)
      .where(eq(generatedReports.id, id))
  )[0] ?? null;

/** A template made for one case only. */
const freshTemplate = (context: CaseContext) =>
  insertTemplate(db(context), context.zone.company, context.zone.user, context.zone.marker);
const freshGenerated = async (context: CaseContext) =>
  insertGenerated(
    db(context),
    context.zone.company,
    await freshTemplate(context),
    context.zone.marker,
  );

const generatedCount = async (context: CaseContext, templateId: number) =>
  (
    await db(context)
      .select({ n: count() })
      .from(generatedReports)
      .where(eq(generatedReports.templateId, templateId))
  )[0]?.n ?? 0;

const range = 'start_date=2020-01-01%2000:00:00&end_date=2030-01-01%2000:00:00';

export const reportRoutes: AreaTable = {
  'GET /api/reports': {
    permission: 'view_reports',
    scope: 'caller',
    ok: 200,
    build: async () => ({ url: '/api/reports' }),
  },
  'GET /api/reports/:id': {
    permission: 'view_reports',
    scope: 'company',
    ok: 200,
    build: async ({ zone }) => ({ url: `/api/reports/${zone.reports.templateId}` }),
  },
  // The company is named in the body; a company out of reach is not found.
  'POST /api/reports': {
    permission: 'manage_reports',
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const name = context.world.fresh.label('report', context.zone.company);
      return {
        url: '/api/reports',
        payload: {
          name,
          company_id: context.zone.company.id,
          type: 'single',
          period: 'day',
          parameters: ['alerts'],
          applied_by: 'company',
          apply_list: [context.zone.company.id],
        },
        untouched: async () =>
          (await db(context).select().from(reportTemplates).where(eq(reportTemplates.name, name)))
            .length === 0,
      };
    },
  },
  'PUT /api/reports/:id': {
    permission: 'manage_reports',
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const id = await freshTemplate(context);
      const before = await templateRow(context, id);
      return {
        url: `/api/reports/${id}`,
        payload: { description: 'changed' },
        untouched: async () =>
          (await templateRow(context, id))?.description === before?.description,
      };
    },
  },
  'DELETE /api/reports/:id': {
    permission: 'manage_reports',
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const id = await freshTemplate(context);
      return {
        url: `/api/reports/${id}`,
        untouched: async () => (await templateRow(context, id)) !== null,
      };
    },
  },
  'POST /api/reports/:id/generate': {
    permission: 'manage_reports',
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const id = await freshTemplate(context);
      return {
        url: `/api/reports/${id}/generate`,
        untouched: async () => (await generatedCount(context, id)) === 0,
      };
    },
  },
  'GET /api/reports/generated': {
    permission: 'view_reports',
    scope: 'caller',
    ok: 200,
    build: async () => ({ url: '/api/reports/generated' }),
  },
  'GET /api/reports/generated/:id': {
    permission: 'view_reports',
    scope: 'company',
    ok: 200,
    build: async ({ zone }) => ({ url: `/api/reports/generated/${zone.reports.generatedId}` }),
  },
  'GET /api/reports/generated/:id/pdf': {
    permission: 'view_reports',
    scope: 'company',
    ok: 200,
    build: async ({ zone }) => ({ url: `/api/reports/generated/${zone.reports.generatedId}/pdf` }),
  },
  'GET /api/reports/generated/:id/csv': {
    permission: 'view_reports',
    scope: 'company',
    ok: 200,
    build: async ({ zone }) => ({ url: `/api/reports/generated/${zone.reports.generatedId}/csv` }),
  },
  'PUT /api/reports/generated/:id': {
    permission: 'manage_reports',
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const id = await freshGenerated(context);
      const before = await generatedRow(context, id);
      return {
        url: `/api/reports/generated/${id}`,
        payload: { name: context.world.fresh.label('renamed', context.zone.company) },
        untouched: async () => (await generatedRow(context, id))?.name === before?.name,
      };
    },
  },
  'DELETE /api/reports/generated/:id': {
    permission: 'manage_reports',
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const id = await freshGenerated(context);
      return {
        url: `/api/reports/generated/${id}`,
        untouched: async () => (await generatedRow(context, id)) !== null,
      };
    },
  },
  'GET /api/credits/report/json': {
    permission: 'view_credits',
    scope: 'company',
    ok: 200,
    build: async ({ zone }) => ({
      url: `/api/credits/report/json?company_id=${zone.company.id}&${range}`,
    }),
  },
  'GET /api/credits/report': {
    permission: 'view_credits',
    scope: 'company',
    ok: 200,
    build: async ({ zone }) => ({
      url: `/api/credits/report?company_id=${zone.company.id}&${range}`,
    }),
  },
  // One pool of the zone's company (the one a move from the root made); others are not found.
  'GET /api/credits/:id/report': {
    permission: 'view_credits',
    scope: 'company',
    ok: 200,
    build: async ({ zone }) => ({ url: `/api/credits/${zone.credits.movedPoolId}/report` }),
  },
};
