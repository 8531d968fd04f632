import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '@/modules/context';
import { devicePasswordsModule } from '@/modules/automation/device-passwords/device-passwords.module';
import {
  type DeviceTasksDeps,
  deviceTasksModule,
} from '@/modules/automation/device-tasks/device-tasks.module';

/**
 * Work on many devices at once: the task manager and device passwords (configuration and alerts
 * will join them).
 */
export const automationArea = async (
  app: FastifyInstance,
  context: ModuleContext,
  fleet: DeviceTasksDeps,
) => {
  await deviceTasksModule(app, context, fleet);
  await devicePasswordsModule(app, context, { jobs: fleet.jobs });
};
