import { ApiError } from '@/lib/api-error';
import type { TaskRunsService } from '@/modules/automation/device-tasks/task-runs.service';
import type { AuthContext, Identity } from '@/modules/identity/auth/auth.types';
import type { WebhooksRepository } from '@/modules/system/webhooks/webhooks.repository';
import type { ActionInput, ActionResult } from './action-executors';

/** How soon after the worker's next try an action looks at its delivery again. */
const FOLLOW_SLACK_MS = 2_000;
/**
 * A delivery this long past its due time has no worker taking it here (an instance without one,
 * or all busy): looked at less often meanwhile.
 */
const OVERDUE_MS = 60_000;

export const INTEGRATION_MESSAGES = {
  webhookNotFound: (id: number) => `Webhook ${id} not found`,
  webhookDisabled: (id: number) => `Webhook ${id} is disabled`,
  deliveryGone: 'The webhook delivery was removed before it finished',
  deliveryFailed: (attempts: number, error: string | null) =>
    `Webhook delivery failed after ${attempts} attempts: ${error ?? 'no answer'}`,
} as const;

export interface IntegrationActionDeps {
  webhooks: Pick<WebhooksRepository, 'enqueueTo' | 'find' | 'deliveryOutcome'> | null;
  taskRuns: Pick<TaskRunsService, 'executeFor'> | null;
  now: () => Date;
}

/** The owner as a caller of other modules' services: actions run with the owner's rights. */
export const ownerAuth = (owner: Identity, at: Date): AuthContext => ({
  ...owner,
  realUser: owner.user,
  impersonating: false,
  via: 'session',
  sessionId: null,
  tokenId: null,
  exp: Math.floor(at.getTime() / 1000) + 3600,
  passwordConfirmedAt: null,
});

const fail = (error: string, permanent = true, ref?: Record<string, unknown>): ActionResult => ({
  ok: false,
  error,
  permanent,
  ...(ref ? { ref } : {}),
});

/** What a SendWebhook delivery carries (event `automation.alert`). */
export const alertPayload = (input: ActionInput) => ({
  automation_id: input.ruleId,
  automation_name: input.ruleName,
  evaluation_id: input.evaluationId,
  device_id: input.deviceId,
  device_name: input.deviceName,
  serial: input.deviceSerial,
  kind: input.kind,
  evaluated_parameters: input.parameters,
  message: input.message,
  reading_ts: input.readingTs.toISOString(),
});

/**
 * The actions that hand work to other modules: SendWebhook (a delivery the webhook worker signs,
 * guards and retries; the action follows it to its end) and TaskManagerAction (a task run).
 */
export const createIntegrationActions = (deps: IntegrationActionDeps) => {
  /** A delivery this action enqueued earlier: done or failed with it, else looked at again. */
  const followDelivery = async (
    webhooks: NonNullable<IntegrationActionDeps['webhooks']>,
    ref: Record<string, unknown>,
  ): Promise<ActionResult> => {
    const outcome = await webhooks.deliveryOutcome(Number(ref.webhook_delivery_id));
    if (!outcome) return fail(INTEGRATION_MESSAGES.deliveryGone, true, ref);
    const seen = { ...ref, attempts: outcome.attempts, response_code: outcome.responseCode };
    if (outcome.status === 'delivered') return { ok: true, ref: seen };
    if (outcome.status === 'failed')
      return fail(INTEGRATION_MESSAGES.deliveryFailed(outcome.attempts, outcome.error), true, seen);
    const at = deps.now().getTime();
    const due = outcome.nextAttemptAt?.getTime() ?? at;
    const checkAt = due < at - OVERDUE_MS ? at + OVERDUE_MS : Math.max(due, at) + FOLLOW_SLACK_MS;
    return { ok: true, ref: seen, checkAt: new Date(checkAt) };
  };

  const sendWebhook = async (input: ActionInput): Promise<ActionResult> => {
    const { webhooks } = deps;
    if (!webhooks) return fail(`The ${input.name} action is not available`);
    if (input.ref?.webhook_delivery_id !== undefined) return followDelivery(webhooks, input.ref);
    const webhookId = Number(input.options.webhook_id);
    // Only the owner's own webhook, looked up again at every run (it may be gone or off).
    const deliveryId = await webhooks.enqueueTo(
      webhookId,
      'automation.alert',
      alertPayload(input),
      deps.now(),
      input.owner.user.id,
    );
    if (deliveryId === null) {
      const webhook = await webhooks.find(input.owner.user.id, webhookId);
      return fail(
        webhook
          ? INTEGRATION_MESSAGES.webhookDisabled(webhookId)
          : INTEGRATION_MESSAGES.webhookNotFound(webhookId),
      );
    }
    // The worker takes it within a second; the action follows it from then on.
    return {
      ok: true,
      ref: { webhook_delivery_id: deliveryId },
      checkAt: new Date(deps.now().getTime() + FOLLOW_SLACK_MS),
    };
  };

  const startTaskRun = async (input: ActionInput): Promise<ActionResult> => {
    if (!deps.taskRuns) return fail(`The ${input.name} action is not available`);
    if (input.deviceId === null) return fail(`The ${input.name} action needs a device`);
    const deviceId = input.deviceId;
    const groupId = Number(input.options.task_group_id);
    try {
      const { runId } = await deps.taskRuns.executeFor(
        ownerAuth(input.owner, deps.now()),
        groupId,
        [deviceId],
      );
      return { ok: true, ref: { run_id: runId } };
    } catch (error) {
      // The task manager's refusals (group not visible, device outside it) will not change by
      // retrying; anything else might.
      if (error instanceof ApiError && error.statusCode < 500) return fail(error.message);
      throw error;
    }
  };

  return { sendWebhook, startTaskRun };
};
