import type { FastifyInstance } from 'fastify';
import { createSecretBox } from '@/lib/crypto';
import type { ModuleContext } from '@/modules/context';
import type { DeviceJobsService } from '@/modules/fleet/device-jobs/device-jobs.service';
import { createDevicePasswordsRepository } from './device-passwords.repository';
import { devicePasswordsRoutes } from './device-passwords.routes';
import { createDevicePasswordsService } from './device-passwords.service';
import { createPasswordSteps } from './password-steps';
import { createPasswordUploads } from './password-uploads';

/** How often passwords nobody downloaded are looked for, to be wiped. */
const WIPE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Device passwords: batches of set_password jobs, passwords sealed until their one download.
 * Returns the task manager's password steps.
 */
export const devicePasswordsModule = async (
  app: FastifyInstance,
  context: ModuleContext,
  { jobs }: { jobs: Pick<DeviceJobsService, 'createJobs'> },
) => {
  const repository = createDevicePasswordsRepository(context.db);
  const box = createSecretBox(context.jwtSecret, 'device-passwords');
  const passwords = createDevicePasswordsService({
    repository,
    jobs,
    box,
    actionLog: context.actionLog,
    now: context.now,
  });
  await app.register(devicePasswordsRoutes, {
    passwords,
    uploads: createPasswordUploads(repository),
  });

  const wipe = () =>
    void passwords
      .wipeStale()
      .catch((error: unknown) => app.log.error({ err: error }, 'password wipe failed'));
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    wipe();
    timer = setInterval(wipe, WIPE_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => clearInterval(timer));
  // The task manager's password_change steps seal into lists of the same kind.
  return { passwordSteps: createPasswordSteps({ repository, box }) };
};
