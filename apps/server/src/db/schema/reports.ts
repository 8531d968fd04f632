import type {
  ReportAppliedBy,
  ReportData,
  ReportParameter,
  ReportPeriod,
  ReportType,
} from '@netfleet/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns';
import { companies } from './companies';
import { emailConfigurations } from './smtp';
import { users } from './users';

/** Binary content (a PDF): Buffers in, Buffers out, whichever driver returns what. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array | string }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) =>
    typeof value === 'string'
      ? Buffer.from(value.replace(/^\\x/, ''), 'hex')
      : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * What a report holds and of which devices (RMS report template): once over a custom period or the
 * last whole day, week or month, or periodically after every one. `next_run_at` is when a periodic
 * report is due; the instance that moves it on (a guarded UPDATE) generates the report, holding the
 * period in `run_*` until it is stored: a period still held after `run_lease_until` was lost with
 * its instance and is claimed again by another.
 */
export const reportTemplates = pgTable(
  'report_templates',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The owner: the report sees the companies and devices this user sees. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 100 }).notNull(),
    description: varchar('description', { length: 200 }).notNull().default(''),
    type: varchar('type', { length: 16 }).$type<ReportType>().notNull(),
    period: varchar('period', { length: 16 }).$type<ReportPeriod>().notNull(),
    parameters: jsonb('parameters').$type<ReportParameter[]>().notNull(),
    appliedBy: varchar('applied_by', { length: 16 }).$type<ReportAppliedBy>().notNull(),
    applyList: integer('apply_list').array().notNull(),
    startDate: timestamptz('start_date'),
    endDate: timestamptz('end_date'),
    /** IANA zone in which days, weeks (from Monday) and months start. */
    timeZone: varchar('time_zone', { length: 64 }).notNull().default('UTC'),
    isActive: boolean('is_active').notNull().default(true),
    recipients: jsonb('recipients').$type<string[]>().notNull().default([]),
    smtpConfigId: integer('smtp_config_id').references(() => emailConfigurations.id, {
      onDelete: 'set null',
    }),
    nextRunAt: timestamptz('next_run_at'),
    lastGeneratedAt: timestamptz('last_generated_at'),
    lastError: text('last_error'),
    /** The periodic period being generated, from start (included) to end (excluded). */
    runPeriodStart: timestamptz('run_period_start'),
    runPeriodEnd: timestamptz('run_period_end'),
    /** Until when the claiming instance has it; also its token when it stores the report. */
    runLeaseUntil: timestamptz('run_lease_until'),
    /** Claims of the period so far: one that keeps killing its instance is given up. */
    runAttempts: smallint('run_attempts').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('report_templates_company_id_idx').on(t.companyId, t.id),
    index('report_templates_due_idx')
      .on(t.nextRunAt)
      .where(sql`${t.type} = 'periodic' and ${t.isActive}`),
    index('report_templates_run_lease_idx')
      .on(t.runLeaseUntil)
      .where(sql`${t.runLeaseUntil} is not null`),
  ],
);

/**
 * A report as generated: the figures (jsonb, what GET /reports/generated/{id} answers), its PDF and
 * CSV, kept after their template is deleted, for REPORT_RETENTION_DAYS after they were generated.
 */
export const generatedReports = pgTable(
  'generated_reports',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    templateId: integer('template_id').references(() => reportTemplates.id, {
      onDelete: 'set null',
    }),
    templateName: varchar('template_name', { length: 100 }).notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 100 }).notNull(),
    description: varchar('description', { length: 200 }).notNull().default(''),
    type: varchar('type', { length: 16 }).$type<ReportType>().notNull(),
    period: varchar('period', { length: 16 }).$type<ReportPeriod>().notNull(),
    parameters: jsonb('parameters').$type<ReportParameter[]>().notNull(),
    periodStart: timestamptz('period_start').notNull(),
    periodEnd: timestamptz('period_end').notNull(),
    timeZone: varchar('time_zone', { length: 64 }).notNull(),
    devicesCount: integer('devices_count').notNull(),
    data: jsonb('data').$type<ReportData>().notNull(),
    pdf: bytea('pdf').notNull(),
    csv: text('csv').notNull(),
    /** none (no recipients), sent, failed (mail_error says to whom and why). */
    mailStatus: varchar('mail_status', { length: 8 }).notNull().default('none'),
    mailError: text('mail_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('generated_reports_company_id_idx').on(t.companyId, t.id),
    index('generated_reports_template_id_idx').on(t.templateId, t.id),
  ],
);
