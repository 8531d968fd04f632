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
  type UpdateAction,
  type CommandType,
  isFirmwareFile,
} from '@netfleet/contracts';
import { ApiError } from '@/lib/api-error';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { Presence } from '@/modules/fleet/device-gateway/presence';
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
  /** Whether the devices are connected now (RMS `offline: false` refuses the others). */
  presence: Pick<Presence, 'onlineAmong'>;
  now: () => Date;
}

/** The device command of each RMS update action. */
const UPDATE_COMMANDS = {
  update_firmware: 'firmware_update',
  upload_backup: 'backup_restore',
} as const satisfies Record<UpdateAction, CommandType>;
const UPDATE_JOB_COMMANDS = Object.values(UPDATE_COMMANDS);

/**
 * Firmware updates and backup restores: jobs whose args carry a signed link to the uploaded file.
 */
export const createFirmwareUpdatesService = ({
  jobs,
  jobsRepository,
  files,
  presence,
  now,
}: Deps) => {
  /** The visible file of the kind the action needs, or the error every device asking gets. */
  const fileFor = async (
    auth: AuthContext,
    id: number,
    action: UpdateAction,
  ): Promise<FileInfo | string> => {
    try {
      const file = await files.get(auth, id);
      if (action === 'update_firmware') {
        return isFirmwareFile(file.type) ? file : DEVICE_JOB_MESSAGES.notFirmware;
      }
      return file.type === 'config' ? file : DEVICE_JOB_MESSAGES.notBackup;
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 404)
        return DEVICE_JOB_MESSAGES.fileNotFound;
      throw error;
    }
  };

  return {
    /** RMS update actions: firmware updates and backup restores, each with its file's link. */
    async set(auth: AuthContext, body: FirmwareUpdateSetBody) {
      const errors: ErrorItem[] = [];
      const chosen = new Map<number, { file: FileInfo; action: UpdateAction; keep: boolean }>();
      const filesById = new Map<string, FileInfo | string>();
      const online = await presence.onlineAmong(
        body.data.filter((item) => !item.offline).map((item) => item.id),
      );
      for (const item of body.data) {
        const { id: device_id, file_id, action } = item;
        if (!item.offline && !online.has(device_id)) {
          errors.push(
            deviceError(device_id, DEVICE_JOB_MESSAGES.deviceOffline, ERROR_CODES.DEVICE_OFFLINE),
          );
          continue;
        }
        const key = `${action}:${file_id}`;
        if (!filesById.has(key)) filesById.set(key, await fileFor(auth, file_id, action));
        const file = filesById.get(key);
        if (typeof file === 'string' || file === undefined) {
          errors.push(
            deviceError(
              device_id,
              file ?? DEVICE_JOB_MESSAGES.fileNotFound,
              ERROR_CODES.VALIDATION_ERROR,
            ),
          );
        } else {
          chosen.set(device_id, { file, action, keep: item.keep_settings });
        }
      }
      const deviceIds = [...chosen.keys()];
      const pending = await jobsRepository.openOfType(auth, deviceIds, UPDATE_JOB_COMMANDS);
      for (const job of pending) {
        if (chosen.delete(job.deviceId)) {
          errors.push(
            deviceError(job.deviceId, DEVICE_JOB_MESSAGES.updatePending, ERROR_CODES.CONFLICT),
          );
        }
      }
      const linkExpiry = new Date(
        now().getTime() + (JOB_EXPIRY_SECONDS.firmware + LINK_GRACE_SECONDS) * 1000,
      );
      const choice = (deviceId: number) => {
        const entry = chosen.get(deviceId);
        if (!entry) throw new Error(`no file chosen for device ${deviceId}`);
        return entry;
      };
      const created = await jobs.createJobs(
        auth,
        [...chosen.keys()],
        (deviceId) => UPDATE_COMMANDS[choice(deviceId).action],
        (deviceId) => {
          const { file, action, keep } = choice(deviceId);
          const link = files.firmwareArgs(file, deviceId, linkExpiry);
          return action === 'update_firmware' ? { ...link, keep_settings: keep } : link;
        },
        { expiresInSeconds: JOB_EXPIRY_SECONDS.firmware },
      );
      return { channel: created.channel, errors: [...errors, ...created.errors] };
    },

    cancel(auth: AuthContext, items: FirmwareUpdateCancelBody['data']) {
      return jobs.cancelOfType(auth, items, UPDATE_JOB_COMMANDS);
    },

    async pending(auth: AuthContext, query: PendingUpdatesQuery) {
      const { rows, total } = await jobsRepository.pendingUpdates(auth, query);
      const data: PendingUpdate[] = rows.map((row) => ({
        id: row.id,
        job_type:
          row.type === 'backup_restore'
            ? UPDATE_JOB_TYPES.upload_backup
            : UPDATE_JOB_TYPES.update_firmware,
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
