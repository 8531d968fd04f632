import type { HubHost } from '@netfleet/contracts';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { devices, vpnHubs, vpnHubZones } from '@/db/schema';

export type ZoneRow = typeof vpnHubZones.$inferSelect;
export type ZoneValues = typeof vpnHubZones.$inferInsert;

/** Hub zones on agents. Zones are shared by every company: nothing here is company-scoped. */
export const createHubZonesRepository = (db: Database) => ({
  async list(tx: Executor = db) {
    return tx.select().from(vpnHubZones).orderBy(asc(vpnHubZones.id));
  },

  async find(id: number, tx: Executor = db) {
    const [row] = await tx.select().from(vpnHubZones).where(eq(vpnHubZones.id, id));
    return row ?? null;
  },

  async byName(name: string, tx: Executor = db) {
    const [row] = await tx.select().from(vpnHubZones).where(eq(vpnHubZones.name, name));
    return row ?? null;
  },

  /** The zones hosted by these devices. */
  async byDevices(deviceIds: readonly number[], tx: Executor = db) {
    if (deviceIds.length === 0) return [];
    return tx
      .select()
      .from(vpnHubZones)
      .where(inArray(vpnHubZones.deviceId, [...deviceIds]));
  },

  async deviceExists(deviceId: number, tx: Executor = db) {
    const [row] = await tx.select({ id: devices.id }).from(devices).where(eq(devices.id, deviceId));
    return row !== undefined;
  },

  /** How many hubs (of every company) name the zone. */
  async hubsCount(name: string, tx: Executor = db) {
    const [row] = await tx
      .select({ count: sql<number>`cast(count(*) as integer)` })
      .from(vpnHubs)
      .where(eq(vpnHubs.hubZone, name));
    return row?.count ?? 0;
  },

  async insert(values: ZoneValues, tx: Executor = db) {
    const [row] = await tx.insert(vpnHubZones).values(values).returning();
    if (!row) throw new Error('vpn hub zone insert returned nothing');
    return row;
  },

  async update(id: number, values: Partial<ZoneValues>, tx: Executor = db) {
    const [row] = await tx
      .update(vpnHubZones)
      .set(values)
      .where(eq(vpnHubZones.id, id))
      .returning();
    return row ?? null;
  },

  async remove(id: number, tx: Executor = db) {
    await tx.delete(vpnHubZones).where(eq(vpnHubZones.id, id));
  },

  /** What the agent's hello said about its machine (null: it does not run in hub mode). */
  async setHostStatus(id: number, status: HubHost | null, at: Date, tx: Executor = db) {
    await tx
      .update(vpnHubZones)
      .set({ hostStatus: status, hostStatusAt: at })
      .where(eq(vpnHubZones.id, id));
  },
});

export type HubZonesRepository = ReturnType<typeof createHubZonesRepository>;
