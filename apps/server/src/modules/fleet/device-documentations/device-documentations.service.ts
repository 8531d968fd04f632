import { Readable } from 'node:stream';
import {
  DEVICE_DOCUMENTATION_MAX_BYTES,
  DEVICE_DOCUMENTATION_MESSAGES,
  type DeviceDocumentation,
  type DeviceDocumentationListQuery,
  deviceDocumentationUploadFieldsSchema,
  FILE_MESSAGES,
  readDeviceDocumentation,
  validateFile,
} from '@netfleet/contracts';
import { conflict, invalid, notFound } from '@/lib/api-error';
import { toApiDate } from '@/lib/dates';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { FileStore } from '@/modules/fleet/files/file-store';
import type { BufferedUpload } from '@/modules/fleet/buffered-upload';
import { BUILT_IN_DOCUMENTATION } from './built-in-documentation';
import type {
  DeviceDocumentationRow,
  DeviceDocumentationsRepository,
} from './device-documentations.repository';

const toDocumentation = (row: DeviceDocumentationRow): DeviceDocumentation => ({
  id: row.id,
  name: row.name,
  api_system: row.apiSystem,
  api_version: row.apiVersion,
  built_in: row.storageKey === null,
  size: row.size,
  created_at: toApiDate(row.createdAt),
  updated_at: toApiDate(row.updatedAt),
});

interface Deps {
  repository: DeviceDocumentationsRepository;
  store: FileStore;
}

/** The file's own content decides: a .json OpenAPI document with paths and info.version. */
const checkUpload = (upload: BufferedUpload) => {
  if (upload.truncated) throw invalid(DEVICE_DOCUMENTATION_MESSAGES.tooLarge, 'file');
  const rule = validateFile(
    { name: upload.name, size: upload.bytes.length },
    { maxSize: DEVICE_DOCUMENTATION_MAX_BYTES },
  );
  if (rule) throw invalid(rule, 'file');
  const read = readDeviceDocumentation(upload.name, upload.bytes.toString('utf8'));
  if (!read.ok) throw invalid(read.message, 'file');
  return read.version;
};

const checkFields = (fields: Record<string, string>) => {
  const parsed = deviceDocumentationUploadFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalid(issue?.message ?? 'Invalid value', issue?.path.join('.') || null);
  }
  return parsed.data;
};

/**
 * Device API documentations: the built-in status API and the OpenAPI documents a system
 * administrator uploads, one per system and version (an upload of a known one replaces it only
 * when asked to, keeping its id so the configs written against it stay valid).
 */
export const createDeviceDocumentationsService = ({ repository, store }: Deps) => {
  const requireDocumentation = async (id: number) => {
    const row = await repository.find(id);
    if (!row) throw notFound(DEVICE_DOCUMENTATION_MESSAGES.notFound);
    return row;
  };

  return {
    ensureBuiltIn: () => repository.ensureBuiltIn(BUILT_IN_DOCUMENTATION),

    async list(query: DeviceDocumentationListQuery) {
      const { rows, total } = await repository.list(query);
      return { data: rows.map(toDocumentation), total };
    },

    /** The documentation data-collect configs may name, or null (unknown id). */
    async find(id: number) {
      const row = await repository.find(id);
      return row ? toDocumentation(row) : null;
    },

    async upload(
      auth: AuthContext,
      fields: Record<string, string>,
      upload: BufferedUpload | null,
    ): Promise<DeviceDocumentation> {
      if (!upload) throw invalid(FILE_MESSAGES.fileRequired, 'file');
      const { system, overwrite } = checkFields(fields);
      const apiVersion = checkUpload(upload);
      const existing = await repository.findVersion(system, apiVersion);
      if (existing && !overwrite) throw conflict(DEVICE_DOCUMENTATION_MESSAGES.exists, 'file');
      if (existing?.storageKey === null) {
        throw conflict(DEVICE_DOCUMENTATION_MESSAGES.builtIn, 'file');
      }
      const stored = await store.save(Readable.from([upload.bytes]));
      const values = {
        name: upload.name,
        apiSystem: system,
        apiVersion,
        size: stored.size,
        storageKey: stored.key,
        userId: auth.user.id,
      };
      let id: number | null = existing?.id ?? null;
      try {
        if (existing) await repository.replace(existing.id, values);
        else id = await repository.insert(values);
      } catch (error) {
        await store.remove(stored.key);
        throw error;
      }
      if (id === null) {
        // Another upload of the same system and version won the race.
        await store.remove(stored.key);
        throw conflict(DEVICE_DOCUMENTATION_MESSAGES.exists, 'file');
      }
      if (existing?.storageKey) await store.remove(existing.storageKey);
      return toDocumentation(await requireDocumentation(id));
    },

    async remove(id: number) {
      const row = await requireDocumentation(id);
      if (row.storageKey === null) throw conflict(DEVICE_DOCUMENTATION_MESSAGES.builtIn);
      if ((await repository.configsUsing(id)) > 0) {
        throw conflict(DEVICE_DOCUMENTATION_MESSAGES.inUse);
      }
      await repository.remove(id);
      await store.remove(row.storageKey);
    },

    /** The document's bytes: the stored upload, or the built-in one generated from the contracts. */
    async open(id: number) {
      const row = await requireDocumentation(id);
      const stream =
        row.storageKey === null
          ? Readable.from([BUILT_IN_DOCUMENTATION.bytes])
          : store.read(row.storageKey);
      const size = row.storageKey === null ? BUILT_IN_DOCUMENTATION.size : row.size;
      return { name: row.name, size, stream };
    },
  };
};

export type DeviceDocumentationsService = ReturnType<typeof createDeviceDocumentationsService>;
