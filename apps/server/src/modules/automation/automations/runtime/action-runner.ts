import { COMPANY_EVENT_ACTIONS, webhookRetryDelaySeconds } from '@netfleet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { runInBackground, runInForeground } from '@/lib/foreground';
import type { AuthRepository } from '@/modules/identity/auth/auth.repository';
import type { Identity } from '@/modules/identity/auth/auth.types';
import type { ActionExecutor, ActionInput, ActionResult } from './action-executors';
import { actionRefusal } from './action-permissions';
import type { ActionOutcome, ActionsRepository } from './actions.repository';

export const ACTION_MAX_ATTEMPTS = 5;
const SWEEP_MS = 5_000;
/** A running action's lease: past it, another sweep takes it again (the instance died). */
const LEASE_MS = 120_000;
/** Actions of a batch run this many at a time. */
const PARALLEL = 8;
const OWNER_CACHE_MS = 60_000;
const TELLS = new Set<string>(COMPANY_EVENT_ACTIONS);

export interface ActionRunnerDeps {
  repository: Pick<ActionsRepository, 'take' | 'finish' | 'finishMany' | 'rollUp'>;
  execute: ActionExecutor;
  auth: Pick<AuthRepository, 'loadIdentity'>;
  now: () => Date;
  log: FastifyBaseLogger;
  /** How often due actions are looked for (SWEEP_MS). */
  sweepMs?: number;
}

/**
 * A device alert configuration's own delivery retry (RMS `delivery_retry`, `retry_count`,
 * `retry_interval`), carried in the action's options: this many retries, this far apart.
 */
export interface DeliveryRetry {
  retries: number;
  interval_seconds: number;
}

const deliveryRetryOf = (options: Record<string, unknown>): DeliveryRetry | null => {
  const delivery = options.delivery as Partial<DeliveryRetry> | undefined;
  return typeof delivery?.retries === 'number' && typeof delivery.interval_seconds === 'number'
    ? { retries: delivery.retries, interval_seconds: delivery.interval_seconds }
    : null;
};

/**
 * Like the webhook worker's outcomeOf: 30 s doubling, a permanent error or the last attempt fails;
 * or the action's own delivery retry when it has one.
 */
export const actionOutcome = (
  id: number,
  result: ActionResult,
  attempts: number,
  at: Date,
  delivery: DeliveryRetry | null = null,
): ActionOutcome => {
  if (result.ok && result.checkAt)
    return {
      id,
      status: 'pending',
      attempts,
      nextAttemptAt: result.checkAt,
      error: null,
      ref: result.ref,
      finishedAt: null,
    };
  if (result.ok)
    return {
      id,
      status: 'done',
      attempts,
      nextAttemptAt: null,
      error: null,
      ref: result.ref,
      finishedAt: at,
    };
  const maxAttempts = delivery ? delivery.retries + 1 : ACTION_MAX_ATTEMPTS;
  if (result.permanent || attempts >= maxAttempts)
    return {
      id,
      status: 'failed',
      attempts,
      nextAttemptAt: null,
      error: result.error,
      ref: result.ref ?? null,
      finishedAt: at,
    };
  const delaySeconds = delivery ? delivery.interval_seconds : webhookRetryDelaySeconds(attempts);
  const retryAt = new Date(at.getTime() + delaySeconds * 1000);
  return {
    id,
    status: 'pending',
    attempts,
    nextAttemptAt: retryAt,
    error: result.error,
    ref: result.ref ?? null,
    finishedAt: null,
  };
};

/**
 * Runs alert actions: those a committed batch created at once, and every 5 s the due ones (retries,
 * leases of a dead instance). Before each, the rule's owner is loaded and the action's permission
 * checked again (design §4.6, §4.9); outcomes roll up into the event's overall_status.
 */
export const createActionRunner = (deps: ActionRunnerDeps) => {
  const { repository, now, log } = deps;
  const owners = new Map<number, { identity: Identity | null; at: number }>();
  // Two lanes: a sweep waiting for its turn at the database (background) must not hold up the
  // actions of a batch just committed. They never take the same action: a claim leases it.
  const lanes = { poked: Promise.resolve(), swept: Promise.resolve() };
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const ownerOf = async (userId: number | null) => {
    if (userId === null) return null;
    const cached = owners.get(userId);
    const at = now().getTime();
    if (cached && at - cached.at < OWNER_CACHE_MS) return cached.identity;
    const identity = await deps.auth.loadIdentity(userId);
    owners.set(userId, { identity, at });
    return identity;
  };

  type Claimed = Awaited<ReturnType<typeof repository.take>>[number];

  /** An action's input, or why it cannot run: the owner lost the permission, the device went. */
  const inputOf = async (action: Claimed): Promise<ActionInput | ActionResult> => {
    const owner = await ownerOf(action.ownerId);
    const refusal = actionRefusal(action.name, owner, action.companyPath);
    if (refusal !== null || !owner)
      return { ok: false, error: refusal ?? 'The rule has no owner', permanent: true };
    // Without a device the event is the company's (credit low): it can only tell people.
    if (action.deviceId === null && !TELLS.has(action.name))
      return { ok: false, error: 'This action needs a device', permanent: true };
    return {
      name: action.name,
      options: action.options,
      kind: action.kind,
      message: action.message,
      readingTs: action.readingTs,
      deviceId: action.deviceId,
      deviceName: action.deviceName ?? action.companyName ?? '',
      deviceSerial: action.deviceSerial ?? '',
      companyPath: action.companyPath ?? '',
      ruleId: action.ruleId,
      ruleName: action.ruleName ?? '',
      evaluationId: action.evaluationId,
      parameters: action.parameters,
      ref: action.ref,
      owner,
    };
  };

  const thrown = (error: unknown, ref: Record<string, unknown> | null): ActionResult => ({
    ok: false,
    error: error instanceof Error ? error.message : String(error),
    permanent: false,
    ...(ref ? { ref } : {}),
  });
  // An action with a ref is following what it started (a webhook delivery): looking again is
  // not another attempt.
  const attemptsOf = (action: Claimed) => (action.ref ? action.attempts : action.attempts + 1);
  const isResult = (value: ActionInput | ActionResult): value is ActionResult => 'ok' in value;

  const runOne = async (action: Claimed) => {
    let result: ActionResult;
    try {
      const input = await inputOf(action);
      result = isResult(input) ? input : await deps.execute.one(input);
    } catch (error) {
      result = thrown(error, action.ref);
    }
    const delivery = deliveryRetryOf(action.options);
    await repository.finish(actionOutcome(action.id, result, attemptsOf(action), now(), delivery));
  };

  /** The batch's in-app notifications at once (one recipients lookup, one insert, one update). */
  const runNotifications = async (actions: readonly Claimed[]) => {
    if (actions.length === 0) return;
    const prepared = await Promise.all(
      actions.map((action) => inputOf(action).catch((error: unknown) => thrown(error, null))),
    );
    const inputs = prepared.filter((input): input is ActionInput => !isResult(input));
    let sent: ActionResult[];
    try {
      sent = await deps.execute.notifications(inputs);
    } catch (error) {
      sent = inputs.map(() => thrown(error, null));
    }
    let next = 0;
    const at = now();
    await repository.finishMany(
      actions.map((action, index) => {
        const input = prepared[index] as ActionInput | ActionResult;
        const result = isResult(input) ? input : (sent[next++] ?? thrown('not sent', null));
        return actionOutcome(
          action.id,
          result,
          attemptsOf(action),
          at,
          deliveryRetryOf(action.options),
        );
      }),
    );
  };

  const runBatch = async (ids: readonly number[] | null) => {
    const actions = await repository.take(ids, now(), LEASE_MS);
    if (actions.length === 0) return;
    const notifies = (action: Claimed) => action.name === 'SendNotification' && !action.ref;
    await runNotifications(actions.filter(notifies));
    const rest = actions.filter((action) => !notifies(action));
    // A few at a time: one after the other, twenty notifications queued their statements behind
    // the readings' writes one by one and the last arrived many seconds late.
    let next = 0;
    const worker = async () => {
      for (let action = rest[next++]; action; action = rest[next++]) await runOne(action);
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, rest.length) }, worker));
    await repository.rollUp([...new Set(actions.map((action) => action.eventId))]);
  };
  /**
   * A committed batch's actions are what someone waits for (an alert's notification): they go
   * before the readings' writes (lib/foreground.ts). The sweep's retries can wait.
   */
  const run = (ids: readonly number[] | null) =>
    ids === null ? runInBackground(() => runBatch(null)) : runInForeground(() => runBatch(ids));

  const enqueue = (ids: readonly number[] | null) => {
    const lane = ids === null ? 'swept' : 'poked';
    lanes[lane] = lanes[lane]
      .then(() => (closed ? undefined : run(ids)))
      .catch((error: unknown) =>
        log.error({ err: error }, 'alert actions failed; retried by the sweep'),
      );
    return lanes[lane];
  };

  return {
    /** Runs the actions a committed batch created. */
    poke: (ids: readonly number[]) => enqueue(ids),
    start() {
      timer = setInterval(() => void enqueue(null), deps.sweepMs ?? SWEEP_MS);
      timer.unref();
    },
    async close() {
      clearInterval(timer);
      await Promise.all([lanes.poked, lanes.swept]);
      closed = true;
    },
  };
};

export type ActionRunner = ReturnType<typeof createActionRunner>;
