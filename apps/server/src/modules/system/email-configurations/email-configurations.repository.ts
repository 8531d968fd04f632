import type { EmailConfigurationListQuery } from '@netfleet/contracts';
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { companySubtreeFilter } from '@/db/company-scope';
import { countAll, orderByFrom, searchFilter } from '@/db/list';
import { companies, emailConfigurations } from '@/db/schema';

/** Whose rows the caller sees: their company, and its subtree with access_child_companies. */
export interface CompanyScope {
  company: { id: number; path: string };
  childCompanies: boolean;
}

export type EmailConfigurationValues = Omit<
  typeof emailConfigurations.$inferInsert,
  'id' | 'createdAt' | 'updatedAt'
>;

const SORTABLE = {
  name: emailConfigurations.name,
  host: emailConfigurations.host,
  port: emailConfigurations.port,
  email: emailConfigurations.email,
  company_name: companies.name,
  created_at: emailConfigurations.createdAt,
};
const SEARCHABLE = {
  name: emailConfigurations.name,
  host: emailConfigurations.host,
  email: emailConfigurations.email,
  username: emailConfigurations.username,
};
const visible = (scope: CompanyScope): SQL =>
  scope.childCompanies ? companySubtreeFilter(scope) : eq(companies.id, scope.company.id);

const columns = { configuration: emailConfigurations, companyName: companies.name };

export const createEmailConfigurationsRepository = (db: Database) => {
  /** A configuration the caller can see, with its company's name; null otherwise. */
  const find = async (scope: CompanyScope, id: number, tx: Executor = db) => {
    const [row] = await tx
      .select(columns)
      .from(emailConfigurations)
      .innerJoin(companies, eq(companies.id, emailConfigurations.companyId))
      .where(and(eq(emailConfigurations.id, id), visible(scope)));
    return row ?? null;
  };

  return {
    find,

    async list(scope: CompanyScope, query: EmailConfigurationListQuery, tx: Executor = db) {
      const filters: (SQL | undefined)[] = [visible(scope)];
      if (query.company_id) filters.push(eq(emailConfigurations.companyId, query.company_id));
      if (query.q) filters.push(searchFilter(query.q, query['search-fields'], SEARCHABLE));
      if (query.id?.length) filters.push(inArray(emailConfigurations.id, query.id));
      const where = and(...filters);
      const rows = await tx
        .select(columns)
        .from(emailConfigurations)
        .innerJoin(companies, eq(companies.id, emailConfigurations.companyId))
        .where(where)
        // The id tie-breaker keeps pages stable when rows share a name or timestamp.
        .orderBy(
          ...orderByFrom(query.sort, SORTABLE, [desc(emailConfigurations.createdAt)]),
          desc(emailConfigurations.id),
        )
        .limit(query.limit)
        .offset(query.offset);
      const [count] = await tx
        .select({ total: countAll })
        .from(emailConfigurations)
        .innerJoin(companies, eq(companies.id, emailConfigurations.companyId))
        .where(where);
      return { rows, total: count?.total ?? 0 };
    },

    /** The company when the caller may put configurations there; null otherwise. */
    async findCompany(scope: CompanyScope, companyId: number, tx: Executor = db) {
      const [row] = await tx
        .select({ id: companies.id })
        .from(companies)
        .where(and(eq(companies.id, companyId), visible(scope)));
      return row ?? null;
    },

    async insert(values: EmailConfigurationValues, tx: Executor = db) {
      const [row] = await tx
        .insert(emailConfigurations)
        .values(values)
        .returning({ id: emailConfigurations.id });
      if (!row) throw new Error('email configuration insert returned nothing');
      return row.id;
    },

    /** Changes a visible configuration; false when the caller cannot see it. */
    async update(
      scope: CompanyScope,
      id: number,
      changes: Partial<EmailConfigurationValues>,
      tx: Executor = db,
    ): Promise<boolean> {
      if (!(await find(scope, id, tx))) return false;
      if (Object.keys(changes).length === 0) return true;
      await tx.update(emailConfigurations).set(changes).where(eq(emailConfigurations.id, id));
      return true;
    },

    async remove(scope: CompanyScope, id: number, tx: Executor = db): Promise<boolean> {
      if (!(await find(scope, id, tx))) return false;
      const rows = await tx
        .delete(emailConfigurations)
        .where(eq(emailConfigurations.id, id))
        .returning({ id: emailConfigurations.id });
      return rows.length === 1;
    },
  };
};

export type EmailConfigurationsRepository = ReturnType<typeof createEmailConfigurationsRepository>;
