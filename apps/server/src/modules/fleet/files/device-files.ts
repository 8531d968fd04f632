import { posix } from 'node:path';
import { Readable } from 'node:stream';
import {
  backupUploadQuerySchema,
  DEVICE_FILE_MAX_BYTES,
  type DeviceFileUploadAnswer,
  ERROR_CODES,
  formatBytes,
} from '@netfleet/contracts';
import { isUniqueViolation } from '@/db/errors';
import { ApiError, conflict, invalid, notFound } from '@/lib/api-error';
import { randomToken } from '@/lib/crypto';
import type { DeviceJobsRepository } from '@/modules/fleet/device-jobs/device-jobs.repository';
import type { UploadQuery } from './device-backups';
import type { UploadSigner } from './file-signature';
import type { FileStore } from './file-store';
import type { FilesRepository } from './files.repository';

export const DEVICE_FILE_UPLOAD_MESSAGES = {
  badLink: 'The upload link is not valid or has expired',
  noJob: 'No file was asked of this device with this link',
  uploaded: 'This file was uploaded already',
  tooLarge: `A device file may be at most ${formatBytes(DEVICE_FILE_MAX_BYTES)}`,
} as const;

/** A file name from a device path: its base name, kept to what a file name may hold. */
const baseName = (path: string) =>
  posix
    .basename(path)
    .replace(/[^\w.-]/g, '_')
    .slice(0, 120) || 'file';

interface Deps {
  filesRepository: Pick<FilesRepository, 'insert'>;
  jobs: Pick<DeviceJobsRepository, 'openJobWithNonce'>;
  store: FileStore;
  signer: UploadSigner;
  now: () => Date;
}

/**
 * Files a device sends (the task manager's download_file step, a `file_get` job): the signed
 * upload link the job carries, and the upload that becomes a custom file of the device's company.
 */
export const createDeviceFiles = ({ filesRepository, jobs, store, signer, now }: Deps) => {
  const verify = (query: UploadQuery) => {
    if (!signer.verify(query.device_id, query.nonce, query.expires, query.signature, now())) {
      throw new ApiError(403, ERROR_CODES.FORBIDDEN, DEVICE_FILE_UPLOAD_MESSAGES.badLink);
    }
  };

  return {
    /** The job args of a file_get: the device path, where to upload, the nonce finding the job. */
    getArgs(deviceId: number, path: string, expiresAt: Date) {
      const nonce = randomToken(24);
      return {
        path,
        upload_url: signer.url(deviceId, nonce, expiresAt),
        max_size: DEVICE_FILE_MAX_BYTES,
        nonce,
      };
    },

    /** The link's check, before the body is read (`query`: the raw query string's values). */
    checkLink(query: unknown) {
      const parsed = backupUploadQuerySchema.safeParse(query);
      if (!parsed.success) {
        throw new ApiError(403, ERROR_CODES.FORBIDDEN, DEVICE_FILE_UPLOAD_MESSAGES.badLink);
      }
      verify(parsed.data);
    },

    async receive(query: UploadQuery, body: Buffer): Promise<DeviceFileUploadAnswer> {
      verify(query);
      const job = await jobs.openJobWithNonce(query.device_id, 'file_get', query.nonce);
      if (!job) throw notFound(DEVICE_FILE_UPLOAD_MESSAGES.noJob);
      if (body.length > DEVICE_FILE_MAX_BYTES) {
        throw invalid(DEVICE_FILE_UPLOAD_MESSAGES.tooLarge, 'file');
      }
      const path = typeof job.args.path === 'string' ? job.args.path : '';
      const stored = await store.save(Readable.from([body]));
      const name = `${job.serial}_${baseName(path)}`;
      try {
        const fileId = await filesRepository.insert({
          companyId: job.companyId,
          type: 'custom_file',
          name,
          description: `${path} of ${job.deviceName}`,
          size: stored.size,
          sha256: stored.sha256,
          storageKey: stored.key,
          createdBy: job.userId,
          deviceModel: job.model ?? null,
          deviceId: query.device_id,
          sourceJobId: job.id,
        });
        return { file_id: fileId, name, size: stored.size, sha256: stored.sha256 };
      } catch (error) {
        await store.remove(stored.key);
        if (isUniqueViolation(error)) throw conflict(DEVICE_FILE_UPLOAD_MESSAGES.uploaded);
        throw error;
      }
    },
  };
};

export type DeviceFiles = ReturnType<typeof createDeviceFiles>;
