import { webhookRetryDelaySeconds } from '@netfleet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { runInBackground, runInForeground } from '@/lib/foreground';
import type { AuthRepository } from '@/modules/identity/auth/auth.repository';
import type { Identity } from '@/modules/identity/auth/auth.types';
import type { ActionExecutor, ActionResult } from './action-executors';
import { actionRefusal } from './action-permissions';
import type { ActionOutcome, ActionsRepository } from './actions.repository';

export const ACTION_MAX_ATTEMPTS = 5;
const SWEEP_MS = 5_000;
/** A running action's lease: past it, another sweep takes it again (the instance died). */
const LEASE_MS = 120_000;
/** Actions of a batch run this many at a time. */
const PARALLEL = 8;
const OWNER_CACHE_MS = 60_000;

export interface ActionRunnerDeps {
  repository: Pick<ActionsRepository, 'claim' | 'details' | 'finish' | 'rollUp'>;
  execute: ActionExecutor;
  auth: Pick<AuthRepository, 'loadIdentity'>;
  now: () => Date;
  log: FastifyBaseLogger;
  /** How often due actions are looked for (SWEEP_MS). */
  sweepMs?: number;
}

/** Like the webhook worker's outcomeOf: 30 s doubling, a permanent error or the last attempt fails. */
export const actionOutcome = (
  id: number,
  result: ActionResult,
  attempts: number,
  at: Date,
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
  if (result.permanent || attempts >= ACTION_MAX_ATTEMPTS)
    return {
      id,
      status: 'failed',
      attempts,
      nextAttemptAt: null,
      error: result.error,
      ref: result.ref ?? null,
      finishedAt: at,
    };
  const retryAt = new Date(at.getTime() + webhookRetryDelaySeconds(attempts) * 1000);
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
  let chain: Promise<void> = Promise.resolve();
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

  const runOne = async (action: Awaited<ReturnType<typeof repository.details>>[number]) => {
    // An action with a ref is following what it started (a webhook delivery): looking again is
    // not another attempt.
    const attempts = action.ref ? action.attempts : action.attempts + 1;
    let result: ActionResult;
    try {
      const owner = await ownerOf(action.ownerId);
      const refusal = actionRefusal(action.name, owner, action.companyPath);
      result =
        refusal !== null || !owner || action.deviceId === null
          ? { ok: false, error: refusal ?? 'The device was removed', permanent: true }
          : await deps.execute({
              name: action.name,
              options: action.options,
              kind: action.kind,
              message: action.message,
              readingTs: action.readingTs,
              deviceId: action.deviceId,
              deviceName: action.deviceName ?? '',
              deviceSerial: action.deviceSerial ?? '',
              companyPath: action.companyPath ?? '',
              ruleId: action.ruleId,
              ruleName: action.ruleName ?? '',
              evaluationId: action.evaluationId,
              parameters: action.parameters,
              ref: action.ref,
              owner,
            });
    } catch (error) {
      result = {
        ok: false,
        error: error instanceof Error ? error.message : String(error),
        permanent: false,
        ...(action.ref ? { ref: action.ref } : {}),
      };
    }
    await repository.finish(actionOutcome(action.id, result, attempts, now()));
  };

  const runBatch = async (ids: readonly number[] | null) => {
    const claimed = await repository.claim(ids, now(), LEASE_MS);
    if (claimed.length === 0) return;
    const actions = await repository.details(claimed);
    // A few at a time: one after the other, twenty notifications queued their statements behind
    // the readings' writes one by one and the last arrived many seconds late.
    let next = 0;
    const worker = async () => {
      for (let action = actions[next++]; action; action = actions[next++]) await runOne(action);
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, actions.length) }, worker));
    await repository.rollUp([...new Set(actions.map((action) => action.eventId))]);
  };
  /**
   * A committed batch's actions are what someone waits for (an alert's notification): they go
   * before the readings' writes (lib/foreground.ts). The sweep's retries can wait.
   */
  const run = (ids: readonly number[] | null) =>
    ids === null ? runInBackground(() => runBatch(null)) : runInForeground(() => runBatch(ids));

  const enqueue = (ids: readonly number[] | null) => {
    chain = chain
      .then(() => (closed ? undefined : run(ids)))
      .catch((error: unknown) =>
        log.error({ err: error }, 'alert actions failed; retried by the sweep'),
      );
    return chain;
  };

  return {
    /** Runs the actions a committed batch created. */
    poke: (ids: readonly number[]) => enqueue(ids),
    /** Runs what is due now (tests drive it instead of the timer). */
    sweep: () => enqueue(null),
    start() {
      timer = setInterval(() => void enqueue(null), deps.sweepMs ?? SWEEP_MS);
      timer.unref();
    },
    async close() {
      clearInterval(timer);
      await chain;
      closed = true;
    },
    idle: () => chain,
  };
};

export type ActionRunner = ReturnType<typeof createActionRunner>;
