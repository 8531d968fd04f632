import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { ModuleContext } from '@/modules/context';
import type { CompaniesRepository } from '@/modules/organisation/companies/companies.repository';
import type { GatewayListener } from '@/modules/fleet/device-gateway/gateway.port';
import { automationsModule } from '@/modules/automation/automations/automations.module';
import { deviceAlertsModule } from '@/modules/automation/device-alerts/device-alerts.module';
import { automationRuntimeModule } from '@/modules/automation/automations/runtime/automation-runtime.module';
import { deviceConfiguratorModule } from '@/modules/automation/device-configurator/device-configurator.module';
import { devicePasswordsModule } from '@/modules/automation/device-passwords/device-passwords.module';
import type { TaskEnded } from '@/modules/automation/device-tasks/task-engine';
import type { CreditLowEvent } from '@/modules/automation/automations/runtime/company-events';
import {
  type DeviceTasksDeps,
  deviceTasksModule,
} from '@/modules/automation/device-tasks/device-tasks.module';

/**
 * Work on many devices at once: the task manager, device passwords and device configuration,
 * and the alerts and automations that watch devices and companies.
 */
export const automationArea = async (
  app: FastifyInstance,
  context: ModuleContext,
  fleet: Omit<DeviceTasksDeps, 'passwords'> & {
    companies: Pick<CompaniesRepository, 'isVisible'>;
    /** Readings and statuses for the live evaluation of automations. */
    addGatewayListener?: (listener: GatewayListener) => void;
    alertActionSweepMs?: number | undefined;
    /** REDIS_URL's client: instances share the evaluation of the devices' rules. */
    redis?: Redis | undefined;
    automationHeartbeatMs?: number | undefined;
    /** The resources module: its low-credit events are rule inputs (credit_low). */
    credits?: { onCreditLow(listener: (lows: readonly CreditLowEvent[]) => void): void };
  },
) => {
  await deviceConfiguratorModule(app, context, { jobs: fleet.jobs, companies: fleet.companies });
  const { passwordSteps } = await devicePasswordsModule(app, context, { jobs: fleet.jobs });
  // The task engine is built before the runtime: its ended runs reach it through this.
  const ends: { taskEnded?: (ended: readonly TaskEnded[]) => void } = {};
  const tasks = await deviceTasksModule(app, context, {
    ...fleet,
    passwords: passwordSteps,
    onTaskEnded: (ended) => ends.taskEnded?.(ended),
  });
  const runtime = await automationRuntimeModule(app, context, {
    addGatewayListener: fleet.addGatewayListener,
    jobs: fleet.jobs,
    backups: fleet.backups,
    taskRuns: tasks.runs,
    jobMoves: fleet.jobs,
    actionSweepMs: fleet.alertActionSweepMs,
    redis: fleet.redis,
    heartbeatMs: fleet.automationHeartbeatMs,
  });
  ends.taskEnded = runtime.taskEnded;
  fleet.credits?.onCreditLow(runtime.creditLow);
  await automationsModule(app, context, {
    onRulesChanged: runtime.rulesChanged,
    onSilencesChanged: runtime.silencesChanged,
  });
  await deviceAlertsModule(app, context, fleet);
};
