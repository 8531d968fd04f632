import type { AutomationDeviceListQuery } from '@netfleet/contracts';
import { and, asc, eq, ilike, inArray, not, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';
import { containsPattern, countAll, orderByFrom } from '@/db/list';
import { automationDevices, automations, companies, devices } from '@/db/schema';
import { coveredDevice } from './automation-coverage';

const SORTABLE = {
  device_id: devices.id,
  device_name: devices.name,
  serial: devices.serial,
  mac: devices.mac,
  firmware: devices.firmware,
  enabled: sql`coalesce(${automationDevices.enabled}, true)`,
  created_at: sql`coalesce(${automationDevices.createdAt}, ${devices.createdAt})`,
  last_triggered_at: automationDevices.lastTriggeredAt,
  total_triggered_count: sql`coalesce(${automationDevices.totalTriggeredCount}, 0)`,
  period_triggered_count: sql`coalesce(${automationDevices.periodTriggeredCount}, 0)`,
};

/**
 * The devices of rules: which a rule covers (explicit assignments and its scope, resolved in SQL)
 * and their automation_devices rows (assignment, per-device switch, counters).
 */
export const createAutomationDevicesRepository = (db: Database) => ({
  /** Route 10: the devices the rule covers that the viewer sees, with their counters. */
  async list(
    viewer: Viewer,
    rule: { id: number; companyPath: string },
    query: AutomationDeviceListQuery,
    tx: Executor = db,
  ) {
    const where = and(
      visibleCompaniesFilter(viewer),
      coveredDevice({
        automationId: rule.id,
        rulePath: rule.companyPath,
        deviceId: devices.id,
        devicePath: companies.path,
      }),
      query.model ? eq(devices.model, query.model) : undefined,
      query.q
        ? or(
            ilike(devices.name, containsPattern(query.q)),
            ilike(devices.serial, containsPattern(query.q)),
            ilike(devices.mac, containsPattern(query.q)),
          )
        : undefined,
    );
    const rows = await tx
      .select({
        deviceId: devices.id,
        deviceName: devices.name,
        serial: devices.serial,
        mac: devices.mac,
        firmware: devices.firmware,
        deviceCreatedAt: devices.createdAt,
        enabled: automationDevices.enabled,
        totalTriggeredCount: automationDevices.totalTriggeredCount,
        periodTriggeredCount: automationDevices.periodTriggeredCount,
        periodLatestReset: automationDevices.periodLatestReset,
        lastTriggeredAt: automationDevices.lastTriggeredAt,
        createdAt: automationDevices.createdAt,
      })
      .from(devices)
      .innerJoin(companies, eq(companies.id, devices.companyId))
      .leftJoin(
        automationDevices,
        and(
          eq(automationDevices.automationId, rule.id),
          eq(automationDevices.deviceId, devices.id),
        ),
      )
      .where(where)
      .orderBy(...orderByFrom(query.sort, SORTABLE, [asc(devices.name)]), asc(devices.id))
      .limit(query.limit)
      .offset(query.offset);
    const [count] = await tx
      .select({ total: countAll })
      .from(devices)
      .innerJoin(companies, eq(companies.id, devices.companyId))
      .where(where);
    return { rows, total: count?.total ?? 0 };
  },

  /** Of `ids`, the devices the viewer sees, with their company paths. */
  async visible(viewer: Viewer, ids: readonly number[], tx: Executor = db) {
    if (ids.length === 0) return new Map<number, string>();
    const rows = await tx
      .select({ id: devices.id, path: companies.path })
      .from(devices)
      .innerJoin(companies, eq(companies.id, devices.companyId))
      .where(and(inArray(devices.id, [...ids]), visibleCompaniesFilter(viewer)));
    return new Map(rows.map((row) => [row.id, row.path]));
  },

  /** Of `deviceIds`, those the rule covers. */
  async covered(
    rule: { id: number; companyPath: string },
    deviceIds: readonly number[],
    tx: Executor = db,
  ) {
    if (deviceIds.length === 0) return new Set<number>();
    const rows = await tx
      .select({ id: devices.id })
      .from(devices)
      .innerJoin(companies, eq(companies.id, devices.companyId))
      .where(
        and(
          inArray(devices.id, [...deviceIds]),
          coveredDevice({
            automationId: rule.id,
            rulePath: rule.companyPath,
            deviceId: devices.id,
            devicePath: companies.path,
          }),
        ),
      );
    return new Set(rows.map((row) => row.id));
  },

  /** The devices a rule has explicitly. */
  async assignedTo(automationId: number, tx: Executor = db) {
    const rows = await tx
      .select({ deviceId: automationDevices.deviceId })
      .from(automationDevices)
      .where(and(eq(automationDevices.automationId, automationId), automationDevices.assigned));
    return rows.map((row) => row.deviceId);
  },

  /** The rules a device has explicitly, among those the viewer sees. */
  async assignedRules(viewer: Viewer, deviceId: number, tx: Executor = db) {
    const rows = await tx
      .select({ automationId: automationDevices.automationId })
      .from(automationDevices)
      .innerJoin(automations, eq(automations.id, automationDevices.automationId))
      .innerJoin(companies, eq(companies.id, automations.companyId))
      .where(
        and(
          eq(automationDevices.deviceId, deviceId),
          automationDevices.assigned,
          visibleCompaniesFilter(viewer),
        ),
      );
    return rows.map((row) => row.automationId);
  },

  /** Explicit assignments (an existing settings-only row becomes one). */
  async assign(automationId: number, deviceIds: readonly number[], tx: Executor = db) {
    if (deviceIds.length === 0) return;
    await tx
      .insert(automationDevices)
      .values(deviceIds.map((deviceId) => ({ automationId, deviceId, assigned: true })))
      .onConflictDoUpdate({
        target: [automationDevices.automationId, automationDevices.deviceId],
        set: { assigned: true },
      });
  },

  /**
   * Ends explicit assignments: rows that only said "assigned" go; a row switching the device off
   * stays as a settings-only row, so a device the scope still covers stays off.
   */
  async unassign(automationId: number, deviceIds: readonly number[], tx: Executor = db) {
    if (deviceIds.length === 0) return;
    const rows = and(
      eq(automationDevices.automationId, automationId),
      inArray(automationDevices.deviceId, [...deviceIds]),
    );
    await tx.delete(automationDevices).where(and(rows, automationDevices.enabled));
    await tx
      .update(automationDevices)
      .set({ assigned: false })
      .where(and(rows, not(automationDevices.enabled)));
  },

  /** Route 13: the per-device switch; a device without a row gets a settings-only one. */
  async setEnabled(
    automationId: number,
    deviceIds: readonly number[],
    enabled: boolean,
    tx: Executor = db,
  ) {
    if (deviceIds.length === 0) return;
    await tx
      .insert(automationDevices)
      .values(deviceIds.map((deviceId) => ({ automationId, deviceId, assigned: false, enabled })))
      .onConflictDoUpdate({
        target: [automationDevices.automationId, automationDevices.deviceId],
        set: { enabled },
      });
  },
});

export type AutomationDevicesRepository = ReturnType<typeof createAutomationDevicesRepository>;
