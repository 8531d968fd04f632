import { eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { automationAlerts, automationDevices, automations, devices } from '@/db/schema';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Devices a rule covers: explicit assignments, its scope's tags and company subtrees. */
const coveredSql = (deviceIds: readonly number[] | null) => {
  const only = (column: ReturnType<typeof sql.raw>) =>
    deviceIds === null
      ? sql``
      : sql` and ${column} = any(${sql.raw(`'{${deviceIds.map(Number).join(',')}}'::int[]`)})`;
  // Always bounded by the rule's own company subtree, whatever its scope names.
  return sql`
    select c.automation_id, c.device_id
    from (
      select ad.automation_id, ad.device_id from automation_devices ad
        where ad.assigned${only(sql.raw('ad.device_id'))}
      union
      select s.automation_id, dt.device_id from automation_scopes s
        join device_tags dt on dt.tag_id = s.target_id
        where s.kind = 2${only(sql.raw('dt.device_id'))}
      union
      select s.automation_id, d.id from automation_scopes s
        join companies sc on sc.id = s.target_id
        join companies dc on dc.path like sc.path || '%'
        join devices d on d.company_id = dc.id
        where s.kind = 3${only(sql.raw('d.id'))}
    ) c
    join automations a on a.id = c.automation_id and a.enabled
    join companies ac on ac.id = a.company_id
    join devices d on d.id = c.device_id
    join companies dc on dc.id = d.company_id
    where dc.path like ac.path || '%'`;
};

export type RuleRow = Awaited<ReturnType<RuntimeRepository['rules']>>[number];

/** What the live evaluation reads: rules, which devices they cover, and the state to restart from. */
export const createRuntimeRepository = (db: Database) => ({
  /** Every rule: the enabled ones are evaluated, the others' names still word their resolves. */
  rules(tx: Executor = db) {
    return tx
      .select({
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
        updatedAt: automations.updatedAt,
      })
      .from(automations)
      .orderBy(automations.id);
  },

  /** (rule, device) pairs of enabled rules; only for `deviceIds` when given. */
  async coverage(deviceIds: readonly number[] | null, tx: Executor = db) {
    if (deviceIds?.length === 0) return [];
    const result = await tx.execute(coveredSql(deviceIds));
    return rowsOf<{ automation_id: number; device_id: number }>(result).map((row) => ({
      automationId: Number(row.automation_id),
      deviceId: Number(row.device_id),
    }));
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
