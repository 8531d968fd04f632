import { randomBytes } from 'node:crypto';
import type { Permission, RoleName } from '@netfleet/contracts';
import type { Database } from '@/db/client';
import {
  emailConfigurations,
  globalNotices,
  impersonationLogs,
  invitations,
  mailLogs,
  rolePermissions,
  roles,
  suppressedEmails,
  tags,
  userMoveLogs,
  webhooks,
} from '@/db/schema';
import type { CompanyRow, UserRow } from '@/db/types';
import { sha256 } from '@/lib/crypto';
import { createCompany, createUser } from '@test/factories';

const MINUTE_MS = 60_000;

export interface FreshUserOptions {
  role?: RoleName;
  prefix?: string;
  mfaType?: string;
  /** Lets an impersonator in without a grant request. */
  impersonable?: boolean;
}

/**
 * Rows made for one case only, straight in the database, so no case depends on another's order
 * or outcome. Every name and address carries the marker of its company's zone.
 */
export const createFresh = (db: Database, markers: Map<number, string>) => {
  let sequence = 0;
  const markerOf = (company: { id: number }) => {
    const marker = markers.get(company.id);
    if (!marker) throw new Error(`company ${company.id} belongs to no zone`);
    return marker;
  };
  const label = (kind: string, company: { id: number }) =>
    `${kind} ${markerOf(company)} ${++sequence}`;
  const address = (kind: string, company: { id: number }) =>
    `${kind}-${markerOf(company)}-${++sequence}@example.test`;
  const inserted = <T>(rows: T[]): T => {
    const [row] = rows;
    if (!row) throw new Error('insert returned nothing');
    return row;
  };

  return {
    markerOf,
    label,
    address,

    /** A subsidiary of `parent`, marked as `marker`'s zone (A's subsidiaries are the child zone). */
    async company(parent: CompanyRow, marker = markerOf(parent)): Promise<CompanyRow> {
      const name = `Company ${marker} ${++sequence}`;
      const company = await createCompany(db, { parent, name });
      markers.set(company.id, marker);
      return company;
    },

    async user(
      company: CompanyRow,
      options: FreshUserOptions = {},
    ): Promise<UserRow & { password: string }> {
      return createUser(db, options.role ?? 'end_user', {
        company,
        email: address(options.prefix ?? 'user', company),
        mfaType: options.mfaType ?? null,
        impersonationAccessLimit: options.impersonable
          ? new Date(Date.now() + 60 * MINUTE_MS)
          : null,
      });
    },

    async tag(company: CompanyRow): Promise<number> {
      const values = { companyId: company.id, name: label('tag', company) };
      return inserted(await db.insert(tags).values(values).returning({ id: tags.id })).id;
    },

    async role(company: CompanyRow, permissions: readonly Permission[]): Promise<number> {
      const title = label('Role', company);
      const name = title.toLowerCase().replaceAll(' ', '_');
      const { id } = inserted(
        await db
          .insert(roles)
          .values({ name, title, companyId: company.id })
          .returning({ id: roles.id }),
      );
      if (permissions.length) {
        await db
          .insert(rolePermissions)
          .values(permissions.map((permission) => ({ roleId: id, permission })));
      }
      return id;
    },

    /** Pending, sent two minutes ago: it may be sent again at once. */
    async invitation(company: CompanyRow, roleId: number): Promise<number> {
      const at = new Date(Date.now() - 2 * MINUTE_MS);
      const values = {
        email: address('invitee', company),
        companyId: company.id,
        roleId,
        tokenHash: sha256(randomBytes(16).toString('hex')),
        expiresAt: new Date(at.getTime() + 7 * 24 * 60 * MINUTE_MS),
        lastSentAt: at,
        createdAt: at,
      };
      return inserted(await db.insert(invitations).values(values).returning({ id: invitations.id }))
        .id;
    },

    /** A closed local port: a test send fails at once (a 422), never waits for a timeout. */
    async emailConfiguration(company: CompanyRow): Promise<number> {
      const values = {
        companyId: company.id,
        name: label('smtp', company),
        host: '127.0.0.1',
        port: 9,
        email: address('smtp', company),
      };
      return inserted(
        await db
          .insert(emailConfigurations)
          .values(values)
          .returning({ id: emailConfigurations.id }),
      ).id;
    },

    async webhook(owner: UserRow): Promise<number> {
      const values = {
        ownerUserId: owner.id,
        companyId: owner.companyId,
        url: `http://127.0.0.1:9/${markerOf({ id: owner.companyId })}-${++sequence}`,
        secret: randomBytes(32).toString('hex'),
        events: ['status.update' as const],
      };
      return inserted(await db.insert(webhooks).values(values).returning({ id: webhooks.id })).id;
    },

    async notice(): Promise<number> {
      const values = { type: 'info' as const, message: `notice ${++sequence}` };
      return inserted(
        await db.insert(globalNotices).values(values).returning({ id: globalNotices.id }),
      ).id;
    },

    async suppressed(email: string): Promise<number> {
      const values = { email, reason: 'Hard bounce' };
      return inserted(
        await db.insert(suppressedEmails).values(values).returning({ id: suppressedEmails.id }),
      ).id;
    },

    /**
     * Log rows the log lists read: a move inside the company, an impersonation of its user, a
     * mail to its user and a bounce of that address. None names another zone.
     */
    async listTrail(company: CompanyRow, user: UserRow) {
      await db.insert(userMoveLogs).values({
        userId: user.id,
        userEmail: user.email,
        fromCompanyId: company.id,
        fromCompanyName: company.name,
        toCompanyId: company.id,
        toCompanyName: company.name,
      });
      await db
        .insert(impersonationLogs)
        .values({ impersonatorId: user.id, userId: user.id, ip: '192.0.2.1' });
      await db.insert(mailLogs).values({
        to: user.email,
        subject: label('mail', company),
        body: 'body',
        status: 'sent',
      });
      await db.insert(suppressedEmails).values({ email: user.email, reason: 'Hard bounce' });
    },
  };
};

export type Fresh = ReturnType<typeof createFresh>;
