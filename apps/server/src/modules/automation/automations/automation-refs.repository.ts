import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';
import { companies, emailConfigurations, tags, taskGroups, users } from '@/db/schema';

/**
 * What a rule names besides devices (scope tags and companies, task groups, SMTP configurations,
 * notified users), as the viewer sees it: the checks on save (design §4.9).
 */
export const createAutomationRefsRepository = (db: Database) => ({
  /** Of `ids`, the companies the viewer sees, with their paths. */
  async companies(viewer: Viewer, ids: readonly number[], tx: Executor = db) {
    if (ids.length === 0) return new Map<number, string>();
    const rows = await tx
      .select({ id: companies.id, path: companies.path })
      .from(companies)
      .where(and(inArray(companies.id, [...ids]), visibleCompaniesFilter(viewer)));
    return new Map(rows.map((row) => [row.id, row.path]));
  },

  async tags(viewer: Viewer, ids: readonly number[], tx: Executor = db) {
    if (ids.length === 0) return new Set<number>();
    const rows = await tx
      .select({ id: tags.id })
      .from(tags)
      .innerJoin(companies, eq(companies.id, tags.companyId))
      .where(and(inArray(tags.id, [...ids]), visibleCompaniesFilter(viewer)));
    return new Set(rows.map((row) => row.id));
  },

  async taskGroups(viewer: Viewer, ids: readonly number[], tx: Executor = db) {
    if (ids.length === 0) return new Set<number>();
    const rows = await tx
      .select({ id: taskGroups.id })
      .from(taskGroups)
      .innerJoin(companies, eq(companies.id, taskGroups.companyId))
      .where(and(inArray(taskGroups.id, [...ids]), visibleCompaniesFilter(viewer)));
    return new Set(rows.map((row) => row.id));
  },

  async smtpConfigs(viewer: Viewer, ids: readonly number[], tx: Executor = db) {
    if (ids.length === 0) return new Set<number>();
    const rows = await tx
      .select({ id: emailConfigurations.id })
      .from(emailConfigurations)
      .innerJoin(companies, eq(companies.id, emailConfigurations.companyId))
      .where(and(inArray(emailConfigurations.id, [...ids]), visibleCompaniesFilter(viewer)));
    return new Set(rows.map((row) => row.id));
  },

  /** Of the ids and (lower-cased) e-mail addresses, the users the viewer sees. */
  async users(
    viewer: Viewer,
    recipients: { ids: readonly number[]; emails: readonly string[] },
    tx: Executor = db,
  ) {
    const found = { ids: new Set<number>(), emails: new Set<string>() };
    if (recipients.ids.length === 0 && recipients.emails.length === 0) return found;
    const byId = recipients.ids.length ? inArray(users.id, [...recipients.ids]) : sql`false`;
    const byEmail = recipients.emails.length
      ? inArray(sql`lower(${users.email})`, [...recipients.emails])
      : sql`false`;
    const rows = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(and(sql`(${byId} or ${byEmail})`, visibleCompaniesFilter(viewer)));
    for (const row of rows) {
      found.ids.add(row.id);
      found.emails.add(row.email.toLowerCase());
    }
    return found;
  },
});

export type AutomationRefsRepository = ReturnType<typeof createAutomationRefsRepository>;
