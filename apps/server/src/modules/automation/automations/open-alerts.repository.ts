import { eq } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { alertEvents, automationAlerts, devices } from '@/db/schema';
import { alertMessage, newEvaluationId } from './runtime/alert-messages';

/** The reason a rule's delete gives its open alerts (design §1 route 3). */
export const AUTOMATION_REMOVED = 'Automation removed';

interface RemovedRule {
  id: number;
  name: string;
  conditionsBodyVersion: number;
  conditionsBody: readonly { tag?: string | undefined }[];
}

/** A rule's open alerts, ended by the REST side (the runtime ends the others). */
export const createOpenAlertsRepository = (db: Database) => ({
  /**
   * A `resolved` event for each open alert of the rule, worded as the runtime words its
   * resolves, with no actions (the owner's rule is going). Run in the delete's transaction
   * before the row goes: the events keep their history (automation_id becomes null).
   */
  async resolveAll(rule: RemovedRule, reason: string, at: Date, tx: Executor = db) {
    const open = await tx
      .select({
        deviceId: automationAlerts.deviceId,
        companyId: automationAlerts.companyId,
        deviceName: devices.name,
        values: automationAlerts.firedValues,
      })
      .from(automationAlerts)
      .innerJoin(devices, eq(devices.id, automationAlerts.deviceId))
      .where(eq(automationAlerts.automationId, rule.id));
    if (open.length === 0) return 0;
    await tx.insert(alertEvents).values(
      open.map((alert) => {
        const parameters = Object.keys(alert.values);
        return {
          evaluationId: newEvaluationId(),
          source: 'automation',
          kind: 'resolved',
          automationId: rule.id,
          revision: rule.conditionsBodyVersion,
          deviceId: alert.deviceId,
          companyId: alert.companyId,
          evaluatedParameters: parameters.map((key) => ({ key, value: alert.values[key] ?? null })),
          evaluatedConditions: [{ key: rule.conditionsBody[0]?.tag || 'cond_0', value: false }],
          message: alertMessage('resolved', alert.deviceName, rule.name, parameters, alert.values),
          readingTs: at,
          reason,
          overallStatus: 'success',
        };
      }),
    );
    return open.length;
  },
});

export type OpenAlertsRepository = ReturnType<typeof createOpenAlertsRepository>;
