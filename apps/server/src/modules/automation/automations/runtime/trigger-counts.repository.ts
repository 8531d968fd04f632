import { and, gt, gte, lt, or, isNull } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { automationDevices, automations } from '@/db/schema';

/** The per-device fire counters the daily trigger limit starts from. */
export const createTriggerCountsRepository = (db: Database) => ({
  /** (rule, device) pairs that fired since `dayStart` (their counter was reset today), with how often. */
  since(dayStart: Date, tx: Executor = db) {
    return tx
      .select({
        automationId: automationDevices.automationId,
        deviceId: automationDevices.deviceId,
        count: automationDevices.periodTriggeredCount,
      })
      .from(automationDevices)
      .where(
        and(
          gte(automationDevices.periodLatestReset, dayStart),
          gt(automationDevices.periodTriggeredCount, 0),
        ),
      );
  },

  /** A new UTC day: the period counters of rules and their devices start again from 0. */
  async resetBefore(dayStart: Date, tx: Executor = db) {
    await tx
      .update(automations)
      .set({ periodTriggeredCount: 0, periodLatestReset: dayStart })
      .where(lt(automations.periodLatestReset, dayStart));
    await tx
      .update(automationDevices)
      .set({ periodTriggeredCount: 0, periodLatestReset: dayStart })
      .where(
        and(
          gt(automationDevices.periodTriggeredCount, 0),
          or(
            isNull(automationDevices.periodLatestReset),
            lt(automationDevices.periodLatestReset, dayStart),
          ),
        ),
      );
  },
});

export type TriggerCountsRepository = ReturnType<typeof createTriggerCountsRepository>;
