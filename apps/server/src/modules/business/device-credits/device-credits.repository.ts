import { CONNECTION_CODES } from '@netfleet/contracts';
import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';
import { companies, deviceCredits, deviceLogs, devices } from '@/db/schema';

export type DeviceCreditRow = typeof deviceCredits.$inferSelect;
export type DeviceCreditValues = Partial<
  Pick<
    DeviceCreditRow,
    'creditEnabled' | 'creditTypeId' | 'autoExtend' | 'activatedAt' | 'expiresAt'
  >
>;

const paid = eq(companies.paymentType, 'paid');

/** Management credits of devices (device services) and the periods they pay for. */
export const createDeviceCreditsRepository = (db: Database) => ({
  /** The listed devices the viewer sees, with their company and whether it pays. */
  async visibleDevices(viewer: Viewer, ids: number[], tx: Executor = db) {
    if (!ids.length) return [];
    return tx
      .select({
        id: devices.id,
        companyId: devices.companyId,
        paid: sql<boolean>`${companies.paymentType} = 'paid'`,
      })
      .from(devices)
      .innerJoin(companies, eq(companies.id, devices.companyId))
      .where(and(inArray(devices.id, ids), visibleCompaniesFilter(viewer)));
  },

  /**
   * The device's credit row, locked for the caller's transaction (made with the defaults the first
   * time): changes to one device's credit queue up, so it is never paid for twice.
   */
  async lock(deviceId: number, tx: Executor) {
    await tx.insert(deviceCredits).values({ deviceId }).onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(deviceCredits)
      .where(eq(deviceCredits.deviceId, deviceId))
      .for('update');
    if (!row) throw new Error('device credit row vanished while locked');
    return row;
  },

  async save(deviceId: number, values: DeviceCreditValues, tx: Executor) {
    await tx.update(deviceCredits).set(values).where(eq(deviceCredits.deviceId, deviceId));
  },

  /** Devices of paid companies whose paid period ended by `at` and was not settled, oldest first. */
  async due(at: Date, limit: number, tx: Executor = db) {
    const rows = await tx
      .select({ deviceId: deviceCredits.deviceId })
      .from(deviceCredits)
      .innerJoin(devices, eq(devices.id, deviceCredits.deviceId))
      .innerJoin(companies, eq(companies.id, devices.companyId))
      .where(and(isNotNull(deviceCredits.activatedAt), lte(deviceCredits.expiresAt, at), paid))
      .orderBy(asc(deviceCredits.expiresAt))
      .limit(limit);
    return rows.map((row) => row.deviceId);
  },

  /**
   * The device's credit locked if it is still due at `at`. Another instance that settled it first
   * moved its expiry past `at` or cleared `activated_at`: the condition, checked again once the
   * lock is held, then finds nothing, so a period is never paid for twice.
   */
  async lockDue(deviceId: number, at: Date, tx: Executor) {
    const [row] = await tx
      .select({
        deviceId: deviceCredits.deviceId,
        companyId: devices.companyId,
        creditEnabled: deviceCredits.creditEnabled,
        creditTypeId: deviceCredits.creditTypeId,
        autoExtend: deviceCredits.autoExtend,
        expiresAt: deviceCredits.expiresAt,
      })
      .from(deviceCredits)
      .innerJoin(devices, eq(devices.id, deviceCredits.deviceId))
      .innerJoin(companies, eq(companies.id, devices.companyId))
      .where(
        and(
          eq(deviceCredits.deviceId, deviceId),
          isNotNull(deviceCredits.activatedAt),
          lte(deviceCredits.expiresAt, at),
          paid,
        ),
      )
      .for('update', { of: deviceCredits });
    return row?.expiresAt ? { ...row, expiresAt: row.expiresAt } : null;
  },

  /** Connection log code 15: the device's company has no active credit for it. */
  async logNoActiveCredit(deviceId: number, tx: Executor) {
    await tx.insert(deviceLogs).values({ deviceId, code: CONNECTION_CODES.noActiveCredit });
  },
});

export type DeviceCreditsRepository = ReturnType<typeof createDeviceCreditsRepository>;
