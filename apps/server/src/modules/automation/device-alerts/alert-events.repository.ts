import { eq, inArray } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { alertActions, alertEvents, deviceAlertConfigs, devices } from '@/db/schema';

export type AlertEventInsert = typeof alertEvents.$inferInsert;
export interface AlertActionInsert {
  name: string;
  options: Record<string, unknown>;
}

/** What the alert ingest writes: device events and their actions (the runner's outbox). */
export const createAlertEventsRepository = (db: Database) => ({
  /** The configs events name, with their device's name. */
  async configsFor(ids: readonly number[], tx: Executor = db) {
    if (ids.length === 0) return [];
    return tx
      .select({
        config: deviceAlertConfigs,
        deviceName: devices.name,
      })
      .from(deviceAlertConfigs)
      .innerJoin(devices, eq(devices.id, deviceAlertConfigs.deviceId))
      .where(inArray(deviceAlertConfigs.id, [...ids]));
  },

  /** Events and their pending actions in one transaction; answers the event ids. */
  async insertEvents(
    rows: readonly { event: AlertEventInsert; actions: readonly AlertActionInsert[] }[],
  ) {
    if (rows.length === 0) return [];
    return db.transaction(async (tx) => {
      const inserted = await tx
        .insert(alertEvents)
        .values(rows.map((row) => row.event))
        .returning({ id: alertEvents.id });
      const actions = inserted.flatMap((event, index) =>
        (rows[index]?.actions ?? []).map((action) => ({
          eventId: event.id,
          name: action.name,
          options: action.options,
          status: 'pending',
        })),
      );
      if (actions.length) await tx.insert(alertActions).values(actions);
      return inserted.map((event) => event.id);
    });
  },
});

export type AlertEventsRepository = ReturnType<typeof createAlertEventsRepository>;
