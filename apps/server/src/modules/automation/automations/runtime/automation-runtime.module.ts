import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '@/modules/context';
import type { DeviceJobsService } from '@/modules/fleet/device-jobs/device-jobs.service';
import type { GatewayListener } from '@/modules/fleet/device-gateway/gateway.port';
import { createActionExecutors } from './action-executors';
import { createActionRunner } from './action-runner';
import { createActionsRepository } from './actions.repository';
import { createAlertWriter } from './alert-writer';
import { createAlertsRepository } from './alerts.repository';
import { createAutomationRuntime } from './automation-runtime';
import { createRuntimeRepository } from './runtime.repository';

export interface AutomationRuntimeModuleDeps {
  /** Where readings and status transitions come from; absent: nothing is evaluated live. */
  addGatewayListener?: ((listener: GatewayListener) => void) | undefined;
  jobs: Pick<DeviceJobsService, 'createJobs'> | null;
  /** How long after a start statuses are unknown (tests shorten it). */
  statusGraceMs?: number | undefined;
}

/**
 * Live evaluation of the automations on this instance (design §7 step 6): readings from the
 * gateway into the evaluator, transitions written in batches, their actions run after.
 */
export const automationRuntimeModule = async (
  app: FastifyInstance,
  context: ModuleContext,
  deps: AutomationRuntimeModuleDeps,
) => {
  const { db, now } = context;
  const repository = createRuntimeRepository(db);
  const actions = createActionsRepository(db);
  const runner = createActionRunner({
    repository: actions,
    execute: createActionExecutors({
      repository: actions,
      notifications: context.notifications,
      mail: context.mail,
      jobs: deps.jobs,
      now,
    }),
    auth: context.auth.authRepository,
    now,
    log: app.log,
  });
  const writer = createAlertWriter({
    db,
    alerts: createAlertsRepository(db),
    devices: repository,
    log: app.log,
    onActions: (ids) => void runner.poke(ids),
  });
  const runtime = createAutomationRuntime({
    repository,
    onTransition: (transition, rule) => writer.add(transition, rule),
    log: app.log,
    now,
    ...(deps.statusGraceMs === undefined ? {} : { statusGraceMs: deps.statusGraceMs }),
  });
  deps.addGatewayListener?.({
    reading: (deviceId, category, data, at) => runtime.reading(deviceId, category, data, at),
    liveness: (rows) => runtime.liveness(rows),
  });
  app.addHook('onReady', async () => {
    await runtime.start();
    writer.start();
    runner.start();
  });
  // What was evaluated is written before the database closes; actions left pending run at the next start.
  app.addHook('onClose', async () => {
    await runtime.close();
    await writer.close();
    await runner.close();
  });
  return { rulesChanged: runtime.rulesChanged };
};
