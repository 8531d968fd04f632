import type { AccessProtocol, SessionType } from '@netfleet/contracts';
import { and, desc, eq, gt, inArray, isNull, not, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';
import { countAll } from '@/db/list';
import { companies, devices, remoteSessions as sessions, users } from '@/db/schema';
import { sha256 } from '@/lib/crypto';
import type { SessionGrant, SessionStore } from '@/modules/remote/connect/session-store.port';

const sessionColumns = {
  id: sessions.id,
  type: sessions.type,
  userId: sessions.userId,
  companyId: sessions.companyId,
  deviceId: sessions.deviceId,
  accessId: sessions.accessId,
  protocol: sessions.protocol,
  destinationIp: sessions.destinationIp,
  destinationPort: sessions.destinationPort,
  hostToken: sessions.hostToken,
  createdAt: sessions.createdAt,
  expiresAt: sessions.expiresAt,
  endedAt: sessions.endedAt,
  endReason: sessions.endReason,
  clientIp: sessions.clientIp,
  inputBytes: sessions.inputBytes,
  outputBytes: sessions.outputBytes,
  deviceName: devices.name,
  username: users.email,
  companyName: companies.name,
};

const grantColumns = {
  id: sessions.id,
  type: sessions.type,
  userId: sessions.userId,
  companyId: sessions.companyId,
  deviceId: sessions.deviceId,
  protocol: sessions.protocol,
  host: sessions.destinationIp,
  port: sessions.destinationPort,
  expiresAt: sessions.expiresAt,
  endedAt: sessions.endedAt,
};

/** Open at `now`: not closed and not past its time. */
export const activeAt = (now: Date): SQL =>
  and(isNull(sessions.endedAt), gt(sessions.expiresAt, now)) as SQL;

export interface NewSession {
  type: SessionType;
  userId: number;
  companyId: number;
  deviceId: number;
  accessId: number | null;
  protocol: AccessProtocol;
  destinationIp: string;
  destinationPort: number;
  hostToken: string;
  createdAt: Date;
  expiresAt: Date;
}

/**
 * The sessions: what the routes read (joined with device, user and company names) and, as the
 * SessionStore port, what the relays read and meter.
 */
export const createSessionsRepository = (db: Database) => {
  /** Sessions of the companies the viewer sees; the company is the device's when it was opened. */
  const selectSessions = (tx: Executor) =>
    tx
      .select(sessionColumns)
      .from(sessions)
      .innerJoin(devices, eq(devices.id, sessions.deviceId))
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(companies, eq(companies.id, sessions.companyId));

  const grantWhere = async (where: SQL, tx: Executor = db): Promise<SessionGrant | null> => {
    const [row] = await tx.select(grantColumns).from(sessions).where(where);
    return row ?? null;
  };

  const store: SessionStore = {
    byId: (id) => grantWhere(eq(sessions.id, id)),
    byHostToken: (hostToken) => grantWhere(eq(sessions.hostToken, hostToken)),

    /** One UPDATE: of two requests racing with the same code, only one gets the session back. */
    async consumeLaunchCode(hostToken, code, now) {
      const [row] = await db
        .update(sessions)
        .set({ launchCodeHash: null, launchCodeExpiresAt: null })
        .where(
          and(
            eq(sessions.hostToken, hostToken),
            eq(sessions.launchCodeHash, sha256(code)),
            gt(sessions.launchCodeExpiresAt, now),
            activeAt(now),
          ),
        )
        .returning(grantColumns);
      return row ?? null;
    },

    async addTraffic(id, input, output) {
      if (input === 0 && output === 0) return;
      await db
        .update(sessions)
        .set({
          inputBytes: sql`${sessions.inputBytes} + ${input}`,
          outputBytes: sql`${sessions.outputBytes} + ${output}`,
        })
        .where(eq(sessions.id, id));
    },

    async markUsed(id, clientIp, now) {
      await db
        .update(sessions)
        .set({ usedAt: now, clientIp })
        .where(and(eq(sessions.id, id), isNull(sessions.usedAt)));
    },

    async end(id, reason, now) {
      await db
        .update(sessions)
        .set({ endedAt: now, endReason: reason, launchCodeHash: null, launchCodeExpiresAt: null })
        .where(and(eq(sessions.id, id), isNull(sessions.endedAt)));
    },
  };

  return {
    store,
    selectSessions,

    async insert(values: NewSession, tx: Executor = db) {
      const [row] = await tx.insert(sessions).values(values).returning({ id: sessions.id });
      if (!row) throw new Error('session insert returned nothing');
      return row.id;
    },

    /** The session if its company is one the viewer sees, else null. */
    async findVisible(viewer: Viewer, id: number, tx: Executor = db) {
      const [row] = await selectSessions(tx).where(
        and(eq(sessions.id, id), visibleCompaniesFilter(viewer)),
      );
      return row ?? null;
    },

    /**
     * The latest session opened through the rule (the user's own before anyone else's) and how
     * many there are, open or ended as `filter.active` asks.
     */
    async latestOfRule(
      viewer: Viewer,
      userId: number,
      accessId: number,
      filter: { active?: boolean | undefined; now: Date },
    ) {
      const open = activeAt(filter.now);
      const active = filter.active === undefined ? undefined : filter.active ? open : not(open);
      const where = and(eq(sessions.accessId, accessId), visibleCompaniesFilter(viewer), active);
      const [row] = await selectSessions(db)
        .where(where)
        .orderBy(desc(sql`${sessions.userId} = ${userId}`), desc(sessions.id))
        .limit(1);
      const [count] = await db
        .select({ total: countAll })
        .from(sessions)
        .innerJoin(companies, eq(companies.id, sessions.companyId))
        .where(where);
      return { row: row ?? null, total: count?.total ?? 0 };
    },

    /** Those of the rules the user has a session open through. */
    async accessesWithOpenSession(userId: number, accessIds: readonly number[], now: Date) {
      if (accessIds.length === 0) return new Set<number>();
      const rows = await db
        .selectDistinct({ accessId: sessions.accessId })
        .from(sessions)
        .where(
          and(
            eq(sessions.userId, userId),
            inArray(sessions.accessId, [...accessIds]),
            activeAt(now),
          ),
        );
      return new Set(rows.map((row) => row.accessId));
    },

    /** The user's own open sessions of the device, of the given types. */
    async openLinks(userId: number, deviceId: number, types: SessionType[], now: Date) {
      return selectSessions(db)
        .where(
          and(
            eq(sessions.userId, userId),
            eq(sessions.deviceId, deviceId),
            inArray(sessions.type, types),
            activeAt(now),
          ),
        )
        .orderBy(desc(sessions.id));
    },

    /** Ends the open sessions opened through these rules (the rules are going away). */
    async endOfRules(accessIds: readonly number[], reason: string, now: Date, tx: Executor = db) {
      if (accessIds.length === 0) return;
      await tx
        .update(sessions)
        .set({ endedAt: now, endReason: reason, launchCodeHash: null, launchCodeExpiresAt: null })
        .where(and(inArray(sessions.accessId, [...accessIds]), activeAt(now)));
    },

    /** Replaces the session's launch code (only its hash is kept). */
    async setLaunchCode(id: number, code: string, expiresAt: Date, tx: Executor = db) {
      await tx
        .update(sessions)
        .set({ launchCodeHash: sha256(code), launchCodeExpiresAt: expiresAt })
        .where(eq(sessions.id, id));
    },
  };
};

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
export type SessionRow = Awaited<ReturnType<SessionsRepository['openLinks']>>[number];
