import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '@/modules/context';
import type { DeviceJobsRepository } from '@/modules/fleet/device-jobs/device-jobs.repository';
import type { DeviceJobsService } from '@/modules/fleet/device-jobs/device-jobs.service';
import type { DeviceBackups } from '@/modules/fleet/files/device-backups';
import type { DeviceFiles } from '@/modules/fleet/files/device-files';
import type { FilesService } from '@/modules/fleet/files/files.service';
import type { MonitoringSteps } from '@/modules/fleet/monitoring/monitoring-steps';
import type { PasswordSteps } from '@/modules/automation/device-passwords/password-steps';
import { createTaskEngine, type TaskEnded } from './task-engine';
import { createTaskEngineRepository } from './task-engine.repository';
import { createTaskGroupsRepository } from './task-groups.repository';
import { taskGroupsRoutes } from './task-groups.routes';
import { createTaskGroupsService } from './task-groups.service';
import { createTaskLogsRepository } from './task-logs.repository';
import { createTaskRunsRepository } from './task-runs.repository';
import { taskRunsRoutes } from './task-runs.routes';
import { createTaskRunsService } from './task-runs.service';
import { createTaskTargetsRepository } from './task-targets.repository';

export interface DeviceTasksDeps {
  jobs: Pick<DeviceJobsService, 'dispatch' | 'onJobsMoved' | 'createJobs'>;
  jobsRepository: Pick<DeviceJobsRepository, 'insert'>;
  files: Pick<FilesService, 'firmwareArgs'>;
  backups: Pick<DeviceBackups, 'exportArgs'>;
  deviceFiles: Pick<DeviceFiles, 'getArgs'>;
  monitoring: MonitoringSteps;
  passwords: PasswordSteps;
  /** Hears the devices whose run ended (automations: task failed). */
  onTaskEnded?: ((ended: readonly TaskEnded[]) => void) | undefined;
}

/**
 * The task manager: task groups, their runs over devices, and the engine that carries each
 * device through its steps as device jobs. Returns the engine (tests drive its ticks) and the
 * runs service (automations start runs with it).
 */
export const deviceTasksModule = async (
  app: FastifyInstance,
  context: ModuleContext,
  {
    jobs,
    jobsRepository,
    files,
    backups,
    deviceFiles,
    monitoring,
    passwords,
    onTaskEnded,
  }: DeviceTasksDeps,
) => {
  const { db, status, now } = context;
  const groups = createTaskGroupsRepository(db);
  const runs = createTaskRunsRepository(db);
  const targets = createTaskTargetsRepository(db);
  const engine = createTaskEngine({
    db,
    engine: createTaskEngineRepository(db),
    jobsRepository,
    jobs,
    status,
    monitoring,
    passwords,
    links: {
      firmware: (file, deviceId, expiresAt) => files.firmwareArgs(file, deviceId, expiresAt),
      backup: (deviceId, expiresAt) => backups.exportArgs(deviceId, expiresAt),
      deviceFile: (deviceId, path, expiresAt) => deviceFiles.getArgs(deviceId, path, expiresAt),
    },
    now,
    log: app.log,
    onEnded: onTaskEnded,
  });
  const poke = () => void engine.poke();
  const stopListening = jobs.onJobsMoved(poke);

  const logs = createTaskLogsRepository(db);
  const runsService = createTaskRunsService({ groups, runs, logs, targets, status, poke, now });
  await app.register(taskGroupsRoutes, {
    groups: createTaskGroupsService({ groups, runs, targets }),
    runs: runsService,
  });
  await app.register(taskRunsRoutes, { runs: runsService });

  app.addHook('onReady', async () => engine.start());
  // Before the database closes, so a tick in flight can finish.
  app.addHook('preClose', async () => {
    stopListening();
    await engine.stop();
  });
  return { engine, runs: runsService };
};
