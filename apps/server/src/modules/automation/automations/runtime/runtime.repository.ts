import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { coverageOf } from './coverage-index';
import {
  automationAlerts,
  automationDevices,
  automationPending,
  automations,
  companies,
  devices,
} from '@/db/schema';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const PENDING_SLICE = 1000;

type PendingRow = { automationId: number; deviceId: number; since: Date; count: number };
export interface PendingChange {
  partitions: readonly number[] | null;
  of: number;
  upserts: readonly PendingRow[];
  deletes: readonly { automationId: number; deviceId: number }[];
}

const idList = (ids: readonly number[]) => sql.raw(`'{${ids.map(Number).join(',')}}'::int[]`);

/** Enabled rules with their company path and scope targets (a row with kind null when none). */
const SCOPES_SQL = sql`
  select a.id as automation_id, ac.path as rule_path, s.kind, s.target_id, sc.path as target_path
  from automations a
    join companies ac on ac.id = a.company_id
    left join automation_scopes s on s.automation_id = a.id
    left join companies sc on s.kind = 3 and sc.id = s.target_id
  where a.enabled`;

export type RuleRow = Awaited<ReturnType<RuntimeRepository['rules']>>[number];

/** What the live evaluation reads: rules, which devices they cover, and the state to restart from. */
const ruleColumns = {
  id: automations.id,
  enabled: automations.enabled,
  companyId: automations.companyId,
  userId: automations.userId,
  name: automations.name,
  conditionsBody: automations.conditionsBody,
  conditionsBodyVersion: automations.conditionsBodyVersion,
  delayEnabled: automations.delayEnabled,
  delayDuration: automations.delayDuration,
  delayRepetitionsCount: automations.delayRepetitionsCount,
  cooldownEnabled: automations.cooldownEnabled,
  cooldownDuration: automations.cooldownDuration,
  renotifyInterval: automations.renotifyInterval,
  periodTriggerLimit: automations.periodTriggerLimit,
  updatedAt: automations.updatedAt,
};

export const createRuntimeRepository = (db: Database) => ({
  /** Every rule: the enabled ones are evaluated, the others' names still word their resolves. */
  rules(tx: Executor = db) {
    return tx.select(ruleColumns).from(automations).orderBy(automations.id);
  },

  /**
   * Enabled rules on a company event (`credit_low`) that cover the company: rules of the company
   * itself or of a company above it (a rule covers its company's subtree), with the company's name.
   */
  async companyEventRules(key: string, companyId: number, tx: Executor = db) {
    const [company] = await tx
      .select({ name: companies.name, path: companies.path })
      .from(companies)
      .where(eq(companies.id, companyId));
    if (!company) return { companyName: null, rules: [] };
    const rules = await tx
      .select(ruleColumns)
      .from(automations)
      .innerJoin(companies, eq(companies.id, automations.companyId))
      .where(
        and(
          eq(automations.enabled, true),
          sql`${company.path} like ${companies.path} || '%'`,
          sql`${automations.conditionsBody}::text like ${`%"${key}"%`}`,
        ),
      )
      .orderBy(automations.id);
    return { companyName: company.name, rules };
  },

  /** Enabled rules by device (only `deviceIds` when given), matched in memory (coverage-index). */
  async coverage(deviceIds: readonly number[] | null, tx: Executor = db) {
    if (deviceIds?.length === 0) return new Map<number, number[]>();
    const only = (column: string) =>
      deviceIds === null ? sql`` : sql` and ${sql.raw(column)} = any(${idList(deviceIds)})`;
    const [scopes, facts, explicit] = await Promise.all([
      tx.execute(SCOPES_SQL),
      tx.execute(sql`
        select d.id, dc.path,
          coalesce(array_agg(dt.tag_id) filter (where dt.tag_id is not null), '{}') as tag_ids
        from devices d
          join companies dc on dc.id = d.company_id
          left join device_tags dt on dt.device_id = d.id
        where true${only('d.id')}
        group by d.id, dc.path`),
      tx.execute(sql`
        select automation_id, device_id from automation_devices
        where assigned${only('device_id')}`),
    ]);
    return coverageOf(
      rowsOf<{
        automation_id: number;
        rule_path: string;
        kind: number | null;
        target_id: number | null;
        target_path: string | null;
      }>(scopes).map((row) => ({
        automationId: Number(row.automation_id),
        rulePath: row.rule_path,
        kind: row.kind === null ? null : Number(row.kind),
        targetId: row.target_id === null ? null : Number(row.target_id),
        targetPath: row.target_path,
      })),
      rowsOf<{ id: number; path: string; tag_ids: number[] }>(facts).map((row) => ({
        id: Number(row.id),
        path: row.path,
        tagIds: row.tag_ids.map(Number),
      })),
      rowsOf<{ automation_id: number; device_id: number }>(explicit).map((row) => ({
        automationId: Number(row.automation_id),
        deviceId: Number(row.device_id),
      })),
    );
  },

  /** Per-device switches turned off (RMS device activation). */
  disabledPairs(tx: Executor = db) {
    return tx
      .select({
        automationId: automationDevices.automationId,
        deviceId: automationDevices.deviceId,
      })
      .from(automationDevices)
      .where(eq(automationDevices.enabled, false));
  },

  /** The latest readings per category (`info`) and the last message time, to seed values from. */
  latestOf(deviceIds: readonly number[], tx: Executor = db) {
    if (deviceIds.length === 0) return Promise.resolve([]);
    return tx
      .select({ id: devices.id, info: devices.info, lastSeenAt: devices.lastSeenAt })
      .from(devices)
      .where(inArray(devices.id, [...deviceIds]));
  },

  openAlerts(tx: Executor = db) {
    return tx
      .select({
        automationId: automationAlerts.automationId,
        deviceId: automationAlerts.deviceId,
        firedAt: automationAlerts.firedAt,
        lastNotifiedAt: automationAlerts.lastNotifiedAt,
      })
      .from(automationAlerts);
  },

  pendingDelays(tx: Executor = db) {
    return tx
      .select({
        automationId: automationPending.automationId,
        deviceId: automationPending.deviceId,
        since: automationPending.since,
        count: automationPending.count,
      })
      .from(automationPending);
  },

  /**
   * One checkpoint: rows of the devices of `partitions` (device id modulo `of`) all replaced when
   * `partitions` is given, then `upserts` written and `deletes` removed.
   */
  savePending(change: PendingChange, tx?: Executor) {
    const write = async (t: Executor) => {
      if (change.partitions)
        await t.execute(sql`delete from automation_pending
          where device_id % ${change.of} = any(${idList(change.partitions)})`);
      for (let start = 0; start < change.deletes.length; start += PENDING_SLICE) {
        const slice = change.deletes.slice(start, start + PENDING_SLICE);
        await t.execute(sql`delete from automation_pending p
          using unnest(${idList(slice.map((row) => row.automationId))},
            ${idList(slice.map((row) => row.deviceId))}) as gone(automation_id, device_id)
          where p.automation_id = gone.automation_id and p.device_id = gone.device_id`);
      }
      for (let start = 0; start < change.upserts.length; start += PENDING_SLICE) {
        const slice = change.upserts.slice(start, start + PENDING_SLICE);
        const times = slice.map((row) => row.since.toISOString()).join(',');
        // A device or rule deleted since the evaluation has no row to refer to: skipped.
        await t.execute(sql`insert into automation_pending (automation_id, device_id, since, count)
          select u.a, u.d, u.s, u.c
          from unnest(${idList(slice.map((row) => row.automationId))},
            ${idList(slice.map((row) => row.deviceId))}, ${sql.raw(`'{${times}}'::timestamptz[]`)},
            ${idList(slice.map((row) => row.count))}) as u(a, d, s, c)
          where exists (select 1 from automations where id = u.a)
            and exists (select 1 from devices where id = u.d)
          on conflict (automation_id, device_id)
            do update set since = excluded.since, count = excluded.count`);
      }
    };
    return tx ? write(tx) : db.transaction(write);
  },

  /** Which of the rules still exist (a rule deleted meanwhile takes its history with it). */
  async existingRules(ruleIds: readonly number[], tx: Executor = db) {
    if (ruleIds.length === 0) return [];
    const rows = await tx
      .select({ id: automations.id })
      .from(automations)
      .where(inArray(automations.id, [...ruleIds]));
    return rows.map((row) => row.id);
  },

  /** Names and companies of the devices of a batch of transitions (messages, company_id). */
  devicesNamed(deviceIds: readonly number[], tx: Executor = db) {
    if (deviceIds.length === 0) return Promise.resolve([]);
    return tx
      .select({ id: devices.id, name: devices.name, companyId: devices.companyId })
      .from(devices)
      .where(inArray(devices.id, [...deviceIds]));
  },
});

export type RuntimeRepository = ReturnType<typeof createRuntimeRepository>;
