import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '@/modules/context';
import { createDeviceJobsRepository } from '@/modules/fleet/device-jobs/device-jobs.repository';
import type { CompaniesRepository } from '@/modules/organisation/companies/companies.repository';
import { createDeviceBackups } from './device-backups';
import { createDeviceFiles } from './device-files';
import { deviceFilesRoutes } from './device-files.routes';
import {
  createBackupUploadSigner,
  createDeviceFileUploadSigner,
  createFileSigner,
} from './file-signature';
import { createFileStore } from './file-store';
import { createFilesRepository } from './files.repository';
import { filesRoutes } from './files.routes';
import { createFilesService } from './files.service';

/** Firmware and configuration files in DATA_DIR, with signed, expiring download links for devices. */
export const filesModule = async (
  app: FastifyInstance,
  context: ModuleContext,
  { companies }: { companies: Pick<CompaniesRepository, 'isVisible'> },
) => {
  const { config, db, now } = context;
  const store = createFileStore(join(config.dataDir, 'files'));
  const filesRepository = createFilesRepository(db);
  const jobsRepository = createDeviceJobsRepository(db);
  const filesService = createFilesService({
    filesRepository,
    companies,
    devices: jobsRepository,
    store,
    signer: createFileSigner(context.jwtSecret, config.publicUrl),
    now,
  });
  const backups = createDeviceBackups({
    filesRepository,
    jobs: jobsRepository,
    store,
    signer: createBackupUploadSigner(context.jwtSecret, config.publicUrl),
    now,
  });
  const deviceFiles = createDeviceFiles({
    filesRepository,
    jobs: jobsRepository,
    store,
    signer: createDeviceFileUploadSigner(context.jwtSecret, config.publicUrl),
    now,
  });
  await app.register(filesRoutes, { filesService, backups, store });
  await app.register(deviceFilesRoutes, { deviceFiles });
  // Firmware updates and backup restores send devices the files' links; exports and file_get
  // jobs their upload links.
  return { filesService, backups, deviceFiles };
};
