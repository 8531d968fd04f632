import { not, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { dataPackBaseline, dataPackInUse } from '@/db/device-data-pack-state';
import { deviceDataPacks } from '@/db/schema';

export type NewDataPack = Omit<typeof deviceDataPacks.$inferInsert, 'updatedAt' | 'usageBaseline'>;

/** Data packs of devices (spec "set pack"); what is left of one is read with the device. */
export const createDeviceDataPacksRepository = () => ({
  /**
   * Sets the device's pack unless it holds one in use at `at` (running, with data left). The check
   * runs on the conflicting row under its lock, and a concurrent first insert waits on the key, so
   * two requests for one device never both set a pack. Answers whether this one was set.
   * `usage_baseline` takes, in the same statement, what the activation's UTC day has counted so
   * far: that usage is the previous pack's, not this one's.
   */
  async setUnlessInUse(pack: NewDataPack, at: Date, tx: Executor) {
    const rows = await tx
      .insert(deviceDataPacks)
      .values({
        ...pack,
        usageBaseline: dataPackBaseline(pack.deviceId, pack.activatedAt),
        updatedAt: at,
      })
      .onConflictDoUpdate({
        target: deviceDataPacks.deviceId,
        set: {
          creditTypeId: pack.creditTypeId,
          activatedAt: pack.activatedAt,
          expiresAt: pack.expiresAt,
          bytesTotal: pack.bytesTotal,
          usageBaseline: sql`excluded.usage_baseline`,
          setByUserId: pack.setByUserId ?? null,
          updatedAt: at,
        },
        setWhere: not(dataPackInUse(at)),
      })
      .returning({ deviceId: deviceDataPacks.deviceId });
    return rows.length > 0;
  },
});

export type DeviceDataPacksRepository = ReturnType<typeof createDeviceDataPacksRepository>;
