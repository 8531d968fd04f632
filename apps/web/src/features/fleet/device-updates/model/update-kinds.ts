import {
  FIRMWARE_FILE_TYPES,
  UPDATE_JOB_TYPES,
  type FileType,
  type UpdateAction,
} from '@netfleet/contracts';
import { UPDATE_FIRMWARE_ROUTE, UPLOAD_BACKUP_ROUTE } from '../paths';

/** The two pages send a file to devices: firmware to install, or a backup to restore. */
export type UpdateKind = 'firmware' | 'backup';

interface KindSpec {
  route: string;
  /** The files of the page (GET /files?type=, comma-joined). */
  fileTypes: readonly FileType[];
  /** What POST /devices/updates/set asks of the devices. */
  action: UpdateAction;
  /** The `job_type` of the kind's pending jobs. */
  jobType: number;
}

export const UPDATE_KINDS: Record<UpdateKind, KindSpec> = {
  firmware: {
    route: UPDATE_FIRMWARE_ROUTE,
    // The companies' own firmware and the global firmware every company may use.
    fileTypes: FIRMWARE_FILE_TYPES,
    action: 'update_firmware',
    jobType: UPDATE_JOB_TYPES.update_firmware,
  },
  backup: {
    route: UPLOAD_BACKUP_ROUTE,
    fileTypes: ['config'],
    action: 'upload_backup',
    jobType: UPDATE_JOB_TYPES.upload_backup,
  },
};
