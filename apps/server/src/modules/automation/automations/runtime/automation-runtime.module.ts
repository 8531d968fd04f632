import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '@/modules/context';
import type { TaskRunsService } from '@/modules/automation/device-tasks/task-runs.service';
import type { DeviceJobsService } from '@/modules/fleet/device-jobs/device-jobs.service';
import type { DeviceBackups } from '@/modules/fleet/files/device-backups';
import { createEmailConfigurationsRepository } from '@/modules/system/email-configurations/email-configurations.repository';
import { createSmtpTransports } from '@/modules/system/email-configurations/smtp-transports';
import type { GatewayListener } from '@/modules/fleet/device-gateway/gateway.port';
import { createSilencesRepository } from '@/modules/automation/automations/silences/silences.repository';
import { createActionExecutors } from './action-executors';
import { createActionRunner } from './action-runner';
import { createActionsRepository } from './actions.repository';
import { createAlertWriter } from './alert-writer';
import { createAlertsRepository } from './alerts.repository';
import { createAutomationRuntime } from './automation-runtime';
import { createEventSources } from './event-sources';
import { createRuntimeRepository } from './runtime.repository';
import { createSilenceGate, silencedText } from './silence-gate';
import { createTriggerCountsRepository } from './trigger-counts.repository';
import { createTriggerLimits } from './trigger-limits';

export interface AutomationRuntimeModuleDeps {
  /** Where readings and status transitions come from; absent: nothing is evaluated live. */
  addGatewayListener?: ((listener: GatewayListener) => void) | undefined;
  jobs: Pick<DeviceJobsService, 'createJobs'> | null;
  /** ExportBackup's upload links; absent: the action fails as unavailable. */
  backups?: Pick<DeviceBackups, 'exportArgs'> | undefined;
  /** TaskManagerAction starts runs with it; absent: the action fails as unavailable. */
  taskRuns?: Pick<TaskRunsService, 'executeFor'> | undefined;
  /** How long after a start statuses are unknown (tests shorten it). */
  statusGraceMs?: number | undefined;
  /** Job moves: failed firmware updates are the firmware_update_failed event. */
  jobMoves?: Pick<DeviceJobsService, 'onJobsMoved'> | undefined;
  /** How often due actions are looked for (tests shorten it). */
  actionSweepMs?: number | undefined;
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
  const smtp = createSmtpTransports(createEmailConfigurationsRepository(db));
  const runner = createActionRunner({
    repository: actions,
    execute: createActionExecutors({
      repository: actions,
      notifications: context.notifications,
      mail: context.mail,
      smtp,
      jobs: deps.jobs,
      backups: deps.backups ?? null,
      webhooks: context.webhooks.repository,
      taskRuns: deps.taskRuns ?? null,
      now,
    }),
    auth: context.auth.authRepository,
    now,
    log: app.log,
    ...(deps.actionSweepMs === undefined ? {} : { sweepMs: deps.actionSweepMs }),
  });
  const writer = createAlertWriter({
    db,
    alerts: createAlertsRepository(db),
    devices: repository,
    log: app.log,
    onActions: (ids) => void runner.poke(ids),
  });
  const limits = createTriggerLimits({
    repository: createTriggerCountsRepository(db),
    now,
    log: app.log,
  });
  const silences = createSilenceGate({
    read: (at) => createSilencesRepository(db).windows(at),
    emit: (transition, rule, silence) =>
      writer.add(
        transition,
        rule,
        limits.check(transition, rule) ?? (silence ? silencedText(silence) : null),
        silence !== null,
      ),
    now,
    log: app.log,
  });
  const runtime = createAutomationRuntime({
    repository,
    onTransition: (transition, rule) => silences.pass(transition, rule),
    log: app.log,
    now,
    ...(deps.statusGraceMs === undefined ? {} : { statusGraceMs: deps.statusGraceMs }),
  });
  const sources = createEventSources(runtime.event, now);
  deps.addGatewayListener?.({
    reading: (deviceId, category, data, at) => runtime.reading(deviceId, category, data, at),
    liveness: (rows) => runtime.liveness(rows),
    identityChanged: (deviceId, before, after) => sources.identityChanged(deviceId, before, after),
    enrolled: (deviceIds) => {
      sources.enrolled(deviceIds);
      // A silence of a whole company covers its new devices too.
      silences.changed();
    },
  });
  const stopJobMoves = deps.jobMoves?.onJobsMoved((jobs) => sources.jobsMoved(jobs));
  app.addHook('onReady', async () => {
    // Before the first transition: the limit needs today's counts.
    await limits.start();
    await silences.start();
    await runtime.start();
    writer.start();
    runner.start();
  });
  // What was evaluated is written before the database closes; actions left pending run at the next start.
  app.addHook('onClose', async () => {
    limits.close();
    stopJobMoves?.();
    await silences.close();
    await runtime.close();
    await writer.close();
    await runner.close();
    smtp.close();
  });
  return {
    rulesChanged: runtime.rulesChanged,
    silencesChanged: silences.changed,
    /** Task runs that ended on devices (the task engine's onEnded): failed ones are events. */
    taskEnded: sources.taskEnded,
  };
};
