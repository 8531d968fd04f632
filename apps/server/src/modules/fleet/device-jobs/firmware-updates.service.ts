import {
  DEVICE_JOB_MESSAGES,
  ERROR_CODES,
  type ErrorItem,
  type FileInfo,
  type FirmwareUpdateCancelBody,
  type FirmwareUpdateSetBody,
  type PendingUpdate,
  type PendingUpdatesQuery,
  UPDATE_JOB_TYPES,
} from '@netfleet/contracts';
import { ApiError } from '@/lib/api-error';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { FilesService } from '@/modules/fleet/files/files.service';
import type { DeviceJobsRepository } from './device-jobs.repository';
import { deviceError } from './device-job-mapper';
import { JOB_EXPIRY_SECONDS, type DeviceJobsService } from './device-jobs.service';

/** A device may start a download just before its job expires; the link outlives the job by this. */
const LINK_GRACE_SECONDS = 60 * 60;

interface Deps {
  jobs: Pick<DeviceJobsService, 'createJobs' | 'cancelOfType'>;
  jobsRepository: Pick<DeviceJobsRepository, 'openOfType' | 'pendingUpdates'>;
  files: Pick<FilesService, 'get' | 'firmwareArgs'>;
  /** Whether the device is connected now (RMS `offline: false` refuses the others). */
  isOnline: (deviceId: number) => boolean;
  now: () => Date;
}

/** Firmware updates: firmware_update jobs whose args carry a signed link to the uploaded file. */
export const createFirmwareUpdatesService = ({
  jobs,
  jobsRepository,
  files,
  isOnline,
  now,
}: Deps) => {
  /** The visible firmware file, or the per-item error every device asking for it gets. */
  const firmwareFile = async (auth: AuthContext, id: number): Promise<FileInfo | string> => {
    try {
      const file = await files.get(auth, id);
      return file.type === 'firmware' ? file : DEVICE_JOB_MESSAGES.notFirmware;
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 404)
        return DEVICE_JOB_MESSAGES.fileNotFound;
      throw error;
    }
  };

  return {
    async set(auth: AuthContext, body: FirmwareUpdateSetBody) {
      const errors: ErrorItem[] = [];
      const fileOf = new Map<number, FileInfo>();
      const keepSettings = new Map<number, boolean>();
      const filesById = new Map<number, FileInfo | string>();
      for (const item of body.data) {
        const { id: device_id, file_id } = item;
        if (item.action !== 'update_firmware') {
          errors.push(
            deviceError(
              device_id,
              DEVICE_JOB_MESSAGES.unsupportedUpdate,
              ERROR_CODES.VALIDATION_ERROR,
            ),
          );
          continue;
        }
        if (!item.offline && !isOnline(device_id)) {
          errors.push(
            deviceError(device_id, DEVICE_JOB_MESSAGES.deviceOffline, ERROR_CODES.DEVICE_OFFLINE),
          );
          continue;
        }
        keepSettings.set(device_id, item.keep_settings);
        if (!filesById.has(file_id)) filesById.set(file_id, await firmwareFile(auth, file_id));
        const file = filesById.get(file_id);
        if (typeof file === 'string' || file === undefined) {
          errors.push(
            deviceError(
              device_id,
              file ?? DEVICE_JOB_MESSAGES.fileNotFound,
              ERROR_CODES.VALIDATION_ERROR,
            ),
          );
        } else {
          fileOf.set(device_id, file);
        }
      }
      const pending = await jobsRepository.openOfType(auth, [...fileOf.keys()], 'firmware_update');
      for (const job of pending) {
        if (fileOf.delete(job.deviceId)) {
          errors.push(
            deviceError(job.deviceId, DEVICE_JOB_MESSAGES.updatePending, ERROR_CODES.CONFLICT),
          );
        }
      }
      const linkExpiry = new Date(
        now().getTime() + (JOB_EXPIRY_SECONDS.firmware + LINK_GRACE_SECONDS) * 1000,
      );
      const created = await jobs.createJobs(
        auth,
        [...fileOf.keys()],
        'firmware_update',
        (deviceId) => {
          const file = fileOf.get(deviceId);
          if (!file) throw new Error(`no firmware chosen for device ${deviceId}`);
          return {
            ...files.firmwareArgs(file, deviceId, linkExpiry),
            keep_settings: keepSettings.get(deviceId) ?? true,
          };
        },
        { expiresInSeconds: JOB_EXPIRY_SECONDS.firmware },
      );
      return { channel: created.channel, errors: [...errors, ...created.errors] };
    },

    cancel(auth: AuthContext, items: FirmwareUpdateCancelBody['data']) {
      return jobs.cancelOfType(auth, items, 'firmware_update');
    },

    async pending(auth: AuthContext, query: PendingUpdatesQuery) {
      const { rows, total } = await jobsRepository.pendingUpdates(auth, query);
      const data: PendingUpdate[] = rows.map((row) => ({
        id: row.id,
        job_type: UPDATE_JOB_TYPES.update_firmware,
        name: typeof row.args.name === 'string' ? row.args.name : null,
        serial: row.deviceSerial,
        device_id: row.deviceId,
        device_name: row.deviceName,
        file_id: typeof row.args.file_id === 'number' ? row.args.file_id : null,
        file_name: typeof row.args.name === 'string' ? row.args.name : null,
        status: row.status,
        progress: row.progress,
        created_at: row.createdAt.toISOString(),
        expires_at: row.expiresAt.toISOString(),
      }));
      return { data, total };
    },
  };
};

export type FirmwareUpdatesService = ReturnType<typeof createFirmwareUpdatesService>;
