import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '@/modules/context';
import type { CompaniesRepository } from '@/modules/organisation/companies/companies.repository';
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
  fleet: Omit<DeviceTasksDeps, 'passwords'> & { companies: Pick<CompaniesRepository, 'isVisible'> },
) => {
  await deviceConfiguratorModule(app, context, { jobs: fleet.jobs, companies: fleet.companies });
  const { passwordSteps } = await devicePasswordsModule(app, context, { jobs: fleet.jobs });
  await deviceTasksModule(app, context, { ...fleet, passwords: passwordSteps });
};
