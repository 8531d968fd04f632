import { inArray, lt, sql } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import {
  dataCollectAssignments,
  dataCollectConfigs,
  dataCollectLogs,
  dataCollectValues,
} from '@/db/schema';

export interface CollectedRow {
  deviceId: number;
  configId: number;
  data: Record<string, Record<string, unknown>>;
  log: string[];
  collectedAt: Date;
}

/** What devices collected: written in batches by collect-ingest, pruned after the retention. */
export const createCollectedRepository = (db: Database) => {
  const insertIn = async (rows: readonly CollectedRow[], tx: Executor) => {
    const known = await tx
      .select({
        deviceId: dataCollectAssignments.deviceId,
        configId: dataCollectAssignments.configId,
      })
      .from(dataCollectAssignments)
      .where(
        inArray(dataCollectAssignments.deviceId, [...new Set(rows.map((row) => row.deviceId))]),
      );
    const assigned = new Set(known.map((row) => `${row.deviceId}:${row.configId}`));
    // A device still collecting a config it was unassigned from (its job not yet done) is ignored.
    const kept = rows.filter((row) => assigned.has(`${row.deviceId}:${row.configId}`));
    if (kept.length === 0) return [];
    const withData = kept.filter((row) => Object.keys(row.data).length > 0);
    if (withData.length) {
      await tx.insert(dataCollectValues).values(
        withData.map(({ deviceId, configId, data, collectedAt }) => ({
          deviceId,
          configId,
          data,
          collectedAt,
        })),
      );
    }
    const withLog = kept.filter((row) => row.log.length > 0);
    if (withLog.length) {
      await tx.insert(dataCollectLogs).values(
        withLog.map(({ deviceId, configId, log, collectedAt }) => ({
          deviceId,
          configId,
          lines: log,
          collectedAt,
        })),
      );
    }
    const latest = new Map<string, CollectedRow>();
    for (const row of kept) {
      const key = `${row.deviceId}:${row.configId}`;
      const seen = latest.get(key);
      if (!seen || seen.collectedAt < row.collectedAt) latest.set(key, row);
    }
    const times = JSON.stringify(
      [...latest.values()].map((row) => ({
        device_id: row.deviceId,
        config_id: row.configId,
        at: row.collectedAt.toISOString(),
      })),
    );
    await tx.execute(sql`
      update ${dataCollectAssignments} a
      set last_collected_at = greatest(a.last_collected_at, v.at)
      from jsonb_to_recordset(${times}::jsonb) as v(device_id int, config_id int, at timestamptz)
      where a.device_id = v.device_id and a.config_id = v.config_id`);
    return kept;
  };

  return {
    /**
     * One flush of what devices sent, in one transaction: values, logs, and each assignment's last
     * time (one statement for all of them).
     */
    insertCollected(rows: readonly CollectedRow[], tx?: Executor) {
      return tx ? insertIn(rows, tx) : db.transaction((inner) => insertIn(rows, inner));
    },

    /** Who created each config: their webhooks hear what devices collect for it. */
    async ownersOf(configIds: readonly number[], tx: Executor = db) {
      if (configIds.length === 0) return new Map<number, number>();
      const rows = await tx
        .select({ id: dataCollectConfigs.id, createdBy: dataCollectConfigs.createdBy })
        .from(dataCollectConfigs)
        .where(inArray(dataCollectConfigs.id, [...configIds]));
      return new Map(rows.flatMap((row) => (row.createdBy ? [[row.id, row.createdBy]] : [])));
    },

    /** Drops values and logs older than `before` (retention). */
    async prune(before: Date, tx: Executor = db) {
      await tx.delete(dataCollectValues).where(lt(dataCollectValues.collectedAt, before));
      await tx.delete(dataCollectLogs).where(lt(dataCollectLogs.collectedAt, before));
    },
  };
};

export type CollectedRepository = ReturnType<typeof createCollectedRepository>;
