import {
  COMPANY_MESSAGES,
  type DeviceDownloadQuery,
  ERROR_CODES,
  FILE_MESSAGES,
  type FileInfo,
  type FileListQuery,
  fileTooLargeMessage,
  fileUploadFieldsSchema,
  formatBytes,
  GLOBAL_FIRMWARE_PERMISSION,
  MAX_FILE_SIZE,
  MODEL_FILE_TYPES,
  validateFile,
} from '@netfleet/contracts';
import { ApiError, forbidden, invalid, notFound } from '@/lib/api-error';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { CompaniesRepository } from '@/modules/organisation/companies/companies.repository';
import type { DeviceJobsRepository } from '@/modules/fleet/device-jobs/device-jobs.repository';
import type { FileSigner } from './file-signature';
import type { FileStore, StoredFile } from './file-store';
import type { FilesRepository } from './files.repository';
import { toApiDate } from '@/lib/dates';

type FileRow = NonNullable<Awaited<ReturnType<FilesRepository['find']>>>;

const toFile = (row: FileRow): FileInfo => ({
  id: row.id,
  company_id: row.companyId,
  company_name: row.companyName,
  type: row.type,
  name: row.name,
  description: row.description,
  size: row.size,
  file_size: row.size,
  device_id: row.deviceId,
  device_model: row.deviceModel,
  version: null,
  sha256: row.sha256,
  created_by: row.createdBy,
  created_at: toApiDate(row.createdAt),
});

/** An upload as the route streamed it to disk. */
export interface Upload {
  name: string;
  stored: StoredFile;
  /** The stream stopped at the size limit: the stored part is incomplete. */
  truncated: boolean;
}

interface Deps {
  filesRepository: FilesRepository;
  companies: Pick<CompaniesRepository, 'isVisible'>;
  devices: Pick<DeviceJobsRepository, 'visibleDevices'>;
  store: FileStore;
  signer: FileSigner;
  now: () => Date;
}

/** Firmware and configuration files of the companies the caller sees; others answer 404. */
export const createFilesService = ({
  filesRepository,
  companies,
  devices,
  store,
  signer,
  now,
}: Deps) => {
  const requireFile = async (auth: AuthContext, id: number) => {
    const row = await filesRepository.find(auth, id);
    if (!row) throw notFound(FILE_MESSAGES.notFound);
    return row;
  };

  /** Global firmware is managed only with its permission; other files by their companies. */
  const mayManageGlobal = (auth: AuthContext) => auth.permissions.has(GLOBAL_FIRMWARE_PERMISSION);
  const requireWritable = async (auth: AuthContext, id: number) => {
    const row = await requireFile(auth, id);
    if (row.type === 'global_firmware' && !mayManageGlobal(auth)) {
      throw forbidden(FILE_MESSAGES.globalForbidden);
    }
    if (!(await filesRepository.isOwnedBy(auth, id))) throw notFound(FILE_MESSAGES.notFound);
    return row;
  };

  /** Checks what the stored upload may not be kept for; the caller discards it on a throw. */
  const checkUpload = async (auth: AuthContext, fields: Record<string, string>, upload: Upload) => {
    if (upload.truncated) throw invalid(fileTooLargeMessage(formatBytes(MAX_FILE_SIZE)), 'file');
    const rule = validateFile({ name: upload.name, size: upload.stored.size });
    if (rule) throw invalid(rule, 'file');
    const parsed = fileUploadFieldsSchema.safeParse(fields);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw invalid(issue?.message ?? 'Invalid value', issue?.path.join('.') || null);
    }
    if (!(await companies.isVisible(auth, parsed.data.company_id))) {
      throw new ApiError(404, ERROR_CODES.NOT_FOUND, COMPANY_MESSAGES.notFound, 'company_id');
    }
    if (parsed.data.type === 'global_firmware' && !mayManageGlobal(auth)) {
      throw new ApiError(403, ERROR_CODES.FORBIDDEN, FILE_MESSAGES.globalForbidden, 'type');
    }
    if (parsed.data.device_model && !MODEL_FILE_TYPES.includes(parsed.data.type)) {
      throw invalid(FILE_MESSAGES.modelNotForType, 'device_model');
    }
    return parsed.data;
  };

  return {
    async list(auth: AuthContext, query: FileListQuery) {
      let usableBy: string | undefined;
      if (query.device_id) {
        const [device] = await devices.visibleDevices(auth, [query.device_id]);
        if (!device) return { data: [], total: 0 };
        usableBy = device.companyPath;
      }
      const { rows, total } = await filesRepository.list(auth, query, usableBy);
      return { data: rows.map(toFile), total };
    },

    async get(auth: AuthContext, id: number): Promise<FileInfo> {
      return toFile(await requireFile(auth, id));
    },

    /** Keeps the streamed upload as a file of the company named in the fields, or discards it. */
    async create(
      auth: AuthContext,
      fields: Record<string, string>,
      upload: Upload | null,
    ): Promise<FileInfo> {
      if (!upload) throw invalid(FILE_MESSAGES.fileRequired, 'file');
      try {
        const values = await checkUpload(auth, fields, upload);
        const id = await filesRepository.insert({
          companyId: values.company_id,
          type: values.type,
          name: upload.name,
          description: values.description,
          deviceModel: values.device_model,
          size: upload.stored.size,
          sha256: upload.stored.sha256,
          storageKey: upload.stored.key,
          createdBy: auth.user.id,
        });
        return toFile(await requireFile(auth, id));
      } catch (error) {
        await store.remove(upload.stored.key);
        throw error;
      }
    },

    async update(auth: AuthContext, id: number, description: string): Promise<FileInfo> {
      await requireWritable(auth, id);
      await filesRepository.updateDescription(id, description);
      return toFile(await requireFile(auth, id));
    },

    async remove(auth: AuthContext, id: number) {
      const row = await requireWritable(auth, id);
      await filesRepository.remove(id);
      await store.remove(row.storageKey);
    },

    async open(auth: AuthContext, id: number) {
      const row = await requireFile(auth, id);
      return { name: row.name, size: row.size, stream: store.read(row.storageKey) };
    },

    /**
     * The files of `ids` in that order, for one archive; any the caller cannot read is a 404
     * naming it, so an archive never silently lacks a file.
     */
    async openMany(auth: AuthContext, ids: readonly number[]) {
      const rows = new Map((await filesRepository.findMany(auth, ids)).map((row) => [row.id, row]));
      const missing = ids.find((id) => !rows.has(id));
      if (missing !== undefined) {
        throw new ApiError(
          404,
          ERROR_CODES.NOT_FOUND,
          `${FILE_MESSAGES.notFound}: ${missing}`,
          'files',
        );
      }
      return [...new Set(ids)].map((id) => {
        const row = rows.get(id) as FileRow;
        return { name: row.name, size: row.size, open: () => store.read(row.storageKey) };
      });
    },

    /** A device's download: the signature and its expiry are the whole authorisation. */
    async openForDevice(id: number, query: DeviceDownloadQuery) {
      if (!signer.verify(id, query.device_id, query.expires, query.signature, now())) {
        throw new ApiError(403, ERROR_CODES.FORBIDDEN, FILE_MESSAGES.badSignature);
      }
      const row = await filesRepository.findForDownload(id);
      if (!row) throw notFound(FILE_MESSAGES.notFound);
      return { name: row.name, size: row.size, stream: store.read(row.storageKey) };
    },

    /** What a firmware job hands the device: a signed link valid as long as the job. */
    firmwareArgs(
      file: Pick<FileInfo, 'id' | 'name' | 'size' | 'sha256'>,
      deviceId: number,
      expiresAt: Date,
    ) {
      return {
        url: signer.url(file.id, deviceId, expiresAt),
        size: file.size,
        sha256: file.sha256,
        name: file.name,
        file_id: file.id,
      };
    },
  };
};

export type FilesService = ReturnType<typeof createFilesService>;
