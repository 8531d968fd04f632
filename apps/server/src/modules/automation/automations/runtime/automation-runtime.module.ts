import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { ModuleContext } from '@/modules/context';
import type { TaskRunsService } from '@/modules/automation/device-tasks/task-runs.service';
import type { DeviceJobsService } from '@/modules/fleet/device-jobs/device-jobs.service';
import type { DeviceBackups } from '@/modules/fleet/files/device-backups';
import { createEmailConfigurationsRepository } from '@/modules/system/email-configurations/email-configurations.repository';
import { createSmtpHostGuard } from '@/modules/system/email-configurations/smtp-host-guard';
import { createSmtpTransports } from '@/modules/system/email-configurations/smtp-transports';
import type { GatewayListener } from '@/modules/fleet/device-gateway/gateway.port';
import { createSilencesRepository } from '@/modules/automation/automations/silences/silences.repository';
import { createActionExecutors } from './action-executors';
import { createActionRunner } from './action-runner';
import { createPendingCheckpoint } from './pending-checkpoint';
import { createActionsRepository } from './actions.repository';
import { createAlertWriter } from './alert-writer';
import { createAlertsRepository } from './alerts.repository';
import { createAutomationRuntime } from './automation-runtime';
import { createCompanyEvents } from './company-events';
import { createEventSources } from './event-sources';
import { createRuntimeRepository } from './runtime.repository';
import { createSilenceGate, silencedText } from './silence-gate';
import { createTriggerCountsRepository } from './trigger-counts.repository';
import { createTriggerLimits } from './trigger-limits';
import { createAutomationCluster } from './cluster/automation-cluster';

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
  /** REDIS_URL's client: instances share the devices' evaluation (cluster/). */
  redis?: Redis | undefined;
  /** How often the partitions are renewed and rebalanced (tests shorten it). */
  heartbeatMs?: number | undefined;
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
  const smtp = createSmtpTransports(
    createEmailConfigurationsRepository(db),
    createSmtpHostGuard({ allowPrivateNetworks: context.config.smtpAllowPrivateNetworks }),
  );
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
  const alerts = createAlertsRepository(db);
  const writer = createAlertWriter({
    db,
    alerts,
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
    owns: (deviceId) => cluster.owns(deviceId),
    ...(deps.statusGraceMs === undefined ? {} : { statusGraceMs: deps.statusGraceMs }),
  });
  const checkpoint = createPendingCheckpoint({
    repository,
    pending: runtime.pendingStates,
    owns: (deviceId) => cluster.owns(deviceId),
    settled: runtime.settled,
    log: app.log,
  });
  const cluster = createAutomationCluster({
    redis: deps.redis,
    jwtSecret: context.jwtSecret,
    instanceUrl: context.config.instanceUrl,
    runtime: {
      ...runtime,
      partitionsChanged(change) {
        runtime.partitionsChanged(change);
        if (change.gained.length > 0) limits.refresh();
      },
    },
    onChanged: (change) => (change === 'rules' ? runtime.rulesChanged() : silences.changed()),
    log: app.log,
    ...(deps.heartbeatMs === undefined ? {} : { heartbeatMs: deps.heartbeatMs }),
  });
  if (!deps.redis && context.config.mqttUrl)
    app.log.warn(
      'MQTT_URL without REDIS_URL: this instance evaluates the alert rules of every device it hears from, which is right only when it is the only instance',
    );
  const companyEvents = createCompanyEvents({
    db,
    repository,
    alerts,
    onActions: (ids) => void runner.poke(ids),
    log: app.log,
    now,
  });
  // Inputs go to the instance that evaluates the device (this one when alone).
  const inputs = cluster.inputs;
  const sources = createEventSources(inputs.event, now);
  deps.addGatewayListener?.({
    reading: (deviceId, category, data, at) => inputs.reading(deviceId, category, data, at),
    liveness: (rows) => inputs.liveness(rows),
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
    // The partitions first: the runtime restores the alerts of the devices it owns.
    await cluster.start();
    await runtime.start();
    checkpoint.start();
    writer.start();
    runner.start();
  });
  // What was evaluated is written before the database closes; actions left pending run at the next start.
  app.addHook('onClose', async () => {
    limits.close();
    stopJobMoves?.();
    await silences.close();
    // Before the partitions are given up: the delays of the devices this instance evaluates.
    await checkpoint.close();
    await cluster.close();
    await runtime.close();
    await writer.close();
    await runner.close();
    smtp.close();
  });
  return {
    rulesChanged: () => cluster.changed('rules'),
    silencesChanged: () => cluster.changed('silences'),
    /** Task runs that ended on devices (the task engine's onEnded): failed ones are events. */
    taskEnded: sources.taskEnded,
    /** A company's credits ran low (the resources module): its rules on credit_low fire. */
    creditLow: companyEvents.creditLow,
  };
};
