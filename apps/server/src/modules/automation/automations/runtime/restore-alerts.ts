import type { FastifyBaseLogger } from 'fastify';
import type { RuleEvaluator } from '@/modules/automation/automations/engine/evaluator';
import type { OpenAlert, ParameterValue } from '@/modules/automation/automations/engine/rule-types';
import type { RuntimeReads } from './automation-runtime';
import type { RuleMeta } from './rule-set';
import { valuesFromInfo } from './seed-values';

export interface RestoreContext {
  repository: Pick<RuntimeReads, 'openAlerts' | 'latestOf' | 'pendingDelays'>;
  evaluator: Pick<RuleEvaluator, 'restore' | 'restorePending' | 'reconcile'>;
  meta: ReadonlyMap<number, RuleMeta>;
  /** Enabled rules that compiled. */
  enabled: ReadonlySet<number>;
  coverage: ReadonlyMap<number, readonly number[]>;
  /** `automationId:deviceId` pairs switched off. */
  disabled: ReadonlySet<string>;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'info'>;
}

/**
 * Seeds values, open alerts and checkpointed delays of the devices `only` accepts (all of this
 * instance's, after a start; a partition's, when it moved here), then reconciles them (design §4.4).
 */
export const restoreAlerts = async (
  context: RestoreContext,
  only: (deviceId: number) => boolean,
) => {
  const { repository, evaluator, meta, enabled, coverage, disabled } = context;
  const open = (await repository.openAlerts()).filter((alert) => only(alert.deviceId));
  const delays = (await repository.pendingDelays()).filter((delay) => only(delay.deviceId));
  const ids = [...new Set([...coverage.keys(), ...open.map((alert) => alert.deviceId)])].filter(
    only,
  );
  const latest = await repository.latestOf(ids);
  const values = new Map<number, Record<string, ParameterValue>>();
  for (const row of latest) values.set(row.id, valuesFromInfo(row.info));
  const decided: OpenAlert[] = [];
  const waiting: OpenAlert[] = [];
  for (const alert of open) {
    const rule = meta.get(alert.automationId);
    const known = values.get(alert.deviceId) ?? {};
    const inScope =
      enabled.has(alert.automationId) &&
      (coverage.get(alert.deviceId)?.includes(alert.automationId) ?? false) &&
      !disabled.has(`${alert.automationId}:${alert.deviceId}`);
    const readable = rule?.parameters.every((key) => Object.hasOwn(known, key)) ?? false;
    const entry = {
      deviceId: alert.deviceId,
      ruleId: alert.automationId,
      firedAt: alert.firedAt,
      lastNotifiedAt: alert.lastNotifiedAt,
    };
    // Values that cannot be recovered leave the alert open until the next reading decides.
    (inScope && !readable ? waiting : decided).push(entry);
  }
  evaluator.restore(decided, values);
  evaluator.restorePending(
    delays.map(({ automationId, deviceId, since, count }) => ({
      ruleId: automationId,
      deviceId,
      since,
      count,
    })),
  );
  evaluator.reconcile(context.now());
  if (waiting.length > 0) evaluator.restore(waiting, new Map());
  context.log.info(
    { open: open.length, waiting: waiting.length, delays: delays.length },
    'automation alerts restored',
  );
};
