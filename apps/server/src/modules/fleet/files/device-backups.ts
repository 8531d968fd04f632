import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { gunzipSync } from 'node:zlib';
import {
  BACKUP_MAX_BYTES,
  BACKUP_MESSAGES,
  type BackupComparison,
  type BackupUploadAnswer,
  backupUploadQuerySchema,
  compareBackups,
  ERROR_CODES,
  FILE_MESSAGES,
  readBackup,
} from '@netfleet/contracts';
import { isUniqueViolation } from '@/db/errors';
import { randomToken } from '@/lib/crypto';
import { ApiError, conflict, invalid, notFound } from '@/lib/api-error';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { DeviceJobsRepository } from '@/modules/fleet/device-jobs/device-jobs.repository';
import type { BackupUploadSigner } from './file-signature';
import type { FileStore } from './file-store';
import type { FilesRepository } from './files.repository';

/** A backup unpacks to at most this much: a gzip bomb is refused, not unpacked. */
const UNPACKED_MAX_BYTES = 8 * BACKUP_MAX_BYTES;

export const BACKUP_UPLOAD_MESSAGES = {
  badLink: 'The upload link is not valid or has expired',
  noJob: 'No backup was asked of this device with this link',
  uploaded: 'This backup was uploaded already',
} as const;

/** The configuration held by a backup's bytes (gzip of a tar), or a 422 saying why not. */
const contentsOf = (bytes: Buffer, source: string) => {
  let archive: Buffer;
  try {
    archive = gunzipSync(bytes, { maxOutputLength: UNPACKED_MAX_BYTES });
  } catch {
    throw invalid(BACKUP_MESSAGES.notTar, source);
  }
  try {
    return readBackup(archive);
  } catch (error) {
    throw invalid(error instanceof Error ? error.message : BACKUP_MESSAGES.notTar, source);
  }
};

const stamp = (date: Date) =>
  date.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');

export interface UploadQuery {
  device_id: number;
  nonce: string;
  expires: number;
  signature: string;
}

interface Deps {
  filesRepository: Pick<FilesRepository, 'insert' | 'find'>;
  jobs: Pick<DeviceJobsRepository, 'openJobWithNonce'>;
  store: FileStore;
  signer: BackupUploadSigner;
  now: () => Date;
}

/**
 * Device backups as files: the signed upload link a `backup_export` job carries, the upload that
 * becomes a config file of the device's company, and the comparison of two backups.
 */
export const createDeviceBackups = ({ filesRepository, jobs, store, signer, now }: Deps) => ({
  /** The job args of a backup export: where to upload, and the nonce that finds the job. */
  exportArgs(deviceId: number, expiresAt: Date) {
    const nonce = randomToken(24);
    return {
      upload_url: signer.url(deviceId, nonce, expiresAt),
      max_size: BACKUP_MAX_BYTES,
      nonce,
    };
  },

  /**
   * The link's check, before the body is read: nobody without a valid link makes the server hold
   * a 10 MiB body. `query` is the raw query string's values.
   */
  checkLink(query: unknown) {
    const parsed = backupUploadQuerySchema.safeParse(query);
    const valid =
      parsed.success &&
      signer.verify(
        parsed.data.device_id,
        parsed.data.nonce,
        parsed.data.expires,
        parsed.data.signature,
        now(),
      );
    if (!valid) throw new ApiError(403, ERROR_CODES.FORBIDDEN, BACKUP_UPLOAD_MESSAGES.badLink);
  },

  async receive(query: UploadQuery, body: Buffer): Promise<BackupUploadAnswer> {
    if (!signer.verify(query.device_id, query.nonce, query.expires, query.signature, now())) {
      throw new ApiError(403, ERROR_CODES.FORBIDDEN, BACKUP_UPLOAD_MESSAGES.badLink);
    }
    const job = await jobs.openJobWithNonce(query.device_id, 'backup_export', query.nonce);
    if (!job) throw notFound(BACKUP_UPLOAD_MESSAGES.noJob);
    contentsOf(body, 'file');
    const stored = await store.save(Readable.from([body]));
    const model = job.model ?? '';
    const name = `${model || 'device'}_${job.serial}_${stamp(now())}.tar.gz`;
    try {
      const fileId = await filesRepository.insert({
        companyId: job.companyId,
        type: 'config',
        name,
        description: `Backup of ${job.deviceName}`,
        size: stored.size,
        sha256: stored.sha256,
        storageKey: stored.key,
        createdBy: job.userId,
        deviceModel: model || null,
        deviceId: query.device_id,
        sourceJobId: job.id,
      });
      return { file_id: fileId, name, size: stored.size, sha256: stored.sha256 };
    } catch (error) {
      await store.remove(stored.key);
      if (isUniqueViolation(error)) throw conflict(BACKUP_UPLOAD_MESSAGES.uploaded);
      throw error;
    }
  },

  /** What changed from backup file `a` to backup file `b`, both files the caller sees. */
  async compare(auth: AuthContext, a: number, b: number): Promise<BackupComparison> {
    const read = async (id: number, source: string) => {
      const row = await filesRepository.find(auth, id);
      if (!row) throw new ApiError(404, ERROR_CODES.NOT_FOUND, FILE_MESSAGES.notFound, source);
      if (row.type !== 'config' || row.size > BACKUP_MAX_BYTES) {
        throw invalid(BACKUP_MESSAGES.notBackup, source);
      }
      return contentsOf(await buffer(store.read(row.storageKey)), source);
    };
    const [before, after] = [await read(a, 'a'), await read(b, 'b')];
    return compareBackups(before, after);
  },
});

export type DeviceBackups = ReturnType<typeof createDeviceBackups>;
