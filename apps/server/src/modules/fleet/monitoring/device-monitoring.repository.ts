import { and, eq, inArray } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';
import { companies, devices } from '@/db/schema';

/** The period columns by API field name (MONITORING[].field). */
export const PERIOD_COLUMNS = {
  dynamic_monitoring: devices.dynamicMonitoring,
  static_monitoring: devices.staticMonitoring,
  hotspot_monitoring: devices.hotspotMonitoring,
  gps_monitoring: devices.gpsMonitoring,
  io_monitoring: devices.ioMonitoring,
  wireless_monitoring: devices.wirelessMonitoring,
  ddns_monitoring: devices.ddnsMonitoring,
  vpn_monitoring: devices.vpnMonitoring,
};
export type PeriodField = keyof typeof PERIOD_COLUMNS;
export type Periods = Record<PeriodField, number>;

const PERIOD_PROPERTIES = {
  dynamic_monitoring: 'dynamicMonitoring',
  static_monitoring: 'staticMonitoring',
  hotspot_monitoring: 'hotspotMonitoring',
  gps_monitoring: 'gpsMonitoring',
  io_monitoring: 'ioMonitoring',
  wireless_monitoring: 'wirelessMonitoring',
  ddns_monitoring: 'ddnsMonitoring',
  vpn_monitoring: 'vpnMonitoring',
} as const satisfies Record<PeriodField, keyof typeof devices.$inferSelect>;

export const createDeviceMonitoringRepository = (db: Database) => ({
  /** The viewer's devices among `ids`, with what decides which categories they support. */
  async visibleDevices(viewer: Viewer, ids: number[], tx: Executor = db) {
    if (ids.length === 0) return [];
    return tx
      .select({
        id: devices.id,
        model: devices.model,
        firmware: devices.firmware,
        capabilities: devices.capabilities,
      })
      .from(devices)
      .innerJoin(companies, eq(companies.id, devices.companyId))
      .where(and(inArray(devices.id, ids), visibleCompaniesFilter(viewer)));
  },

  /** Sets the given periods and returns all of the device's periods afterwards. */
  async updatePeriods(id: number, periods: Partial<Periods>, tx: Executor = db): Promise<Periods> {
    const values = Object.fromEntries(
      Object.entries(periods).map(([field, value]) => [
        PERIOD_PROPERTIES[field as PeriodField],
        value,
      ]),
    );
    const [row] = await tx
      .update(devices)
      .set(values)
      .where(eq(devices.id, id))
      .returning(PERIOD_COLUMNS);
    if (!row) throw new Error(`device ${id} vanished during its monitoring update`);
    return row;
  },
});

export type DeviceMonitoringRepository = ReturnType<typeof createDeviceMonitoringRepository>;
