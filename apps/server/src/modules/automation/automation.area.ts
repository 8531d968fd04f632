import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '@/modules/context';
import type { CompaniesRepository } from '@/modules/organisation/companies/companies.repository';
import type { GatewayListener } from '@/modules/fleet/device-gateway/gateway.port';
import { automationsModule } from '@/modules/automation/automations/automations.module';
import { automationRuntimeModule } from '@/modules/automation/automations/runtime/automation-runtime.module';
import { deviceConfiguratorModule } from '@/modules/automation/device-configurator/device-configurator.module';
import { devicePasswordsModule } from '@/modules/automation/device-passwords/device-passwords.module';
import {
  type DeviceTasksDeps,
  deviceTasksModule,
} from '@/modules/automation/device-tasks/device-tasks.module';

/**
 * Work on many devices at once: the task manager, device passwords and device configuration
 * (alerts will join them).
 */
export const automationArea = async (
  app: FastifyInstance,
  context: ModuleContext,
  fleet: Omit<DeviceTasksDeps, 'passwords'> & {
    companies: Pick<CompaniesRepository, 'isVisible'>;
    /** Readings and statuses for the live evaluation of automations. */
    addGatewayListener?: (listener: GatewayListener) => void;
  },
) => {
  await deviceConfiguratorModule(app, context, { jobs: fleet.jobs, companies: fleet.companies });
  const { passwordSteps } = await devicePasswordsModule(app, context, { jobs: fleet.jobs });
  await deviceTasksModule(app, context, { ...fleet, passwords: passwordSteps });
  const runtime = await automationRuntimeModule(app, context, {
    addGatewayListener: fleet.addGatewayListener,
    jobs: fleet.jobs,
  });
  await automationsModule(app, context, { onRulesChanged: runtime.rulesChanged });
};
