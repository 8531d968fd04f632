import { Readable } from 'node:stream';
import {
  COMPANY_MESSAGES,
  ERROR_CODES,
  IMAGE_MAX_HEIGHT,
  IMAGE_MAX_WIDTH,
  IMAGE_MESSAGES,
  type ImageInfo,
  type ImageListQuery,
  imageUploadFieldsSchema,
  IMAGE_MAX_BYTES,
  validateFile,
} from '@netfleet/contracts';
import { ApiError, invalid, notFound } from '@/lib/api-error';
import { toApiDate } from '@/lib/dates';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { CompaniesRepository } from '@/modules/organisation/companies/companies.repository';
import type { FileStore } from '@/modules/fleet/files/file-store';
import type { BufferedUpload } from '@/modules/fleet/buffered-upload';
import { readImageFormat } from './image-format';
import type { ImagesRepository } from './images.repository';

type ImageRow = NonNullable<Awaited<ReturnType<ImagesRepository['find']>>>;

const toImage = (row: ImageRow): ImageInfo => ({
  id: row.id,
  company_id: row.companyId,
  company_name: row.companyName,
  user_id: row.userId,
  name: row.name,
  description: row.description,
  size: row.size,
  original_width: row.width,
  original_height: row.height,
  type: row.type,
  mime_type: row.mimeType,
  updated_at: toApiDate(row.updatedAt),
  created_at: toApiDate(row.createdAt),
});

interface Deps {
  imagesRepository: ImagesRepository;
  companies: Pick<CompaniesRepository, 'isVisible'>;
  store: FileStore;
}

/** Dashboard images of the companies the caller sees; others answer 404. */
export const createImagesService = ({ imagesRepository, companies, store }: Deps) => {
  const requireImage = async (auth: AuthContext, id: number) => {
    const row = await imagesRepository.find(auth, id);
    if (!row) throw notFound(IMAGE_MESSAGES.notFound);
    return row;
  };

  /** The picture's own bytes decide what it is; its name and declared type decide nothing. */
  const checkImage = (upload: BufferedUpload) => {
    if (upload.truncated) throw invalid(IMAGE_MESSAGES.tooLarge, 'image');
    const rule = validateFile(
      { name: upload.name, size: upload.bytes.length },
      { maxSize: IMAGE_MAX_BYTES },
    );
    if (rule) throw invalid(rule, 'image');
    const format = readImageFormat(upload.bytes);
    if (!format) throw invalid(IMAGE_MESSAGES.notAnImage, 'image');
    if (format.width > IMAGE_MAX_WIDTH || format.height > IMAGE_MAX_HEIGHT) {
      throw invalid(IMAGE_MESSAGES.dimensions, 'image');
    }
    return format;
  };

  const checkFields = async (auth: AuthContext, fields: Record<string, string>) => {
    const parsed = imageUploadFieldsSchema.safeParse(fields);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw invalid(issue?.message ?? 'Invalid value', issue?.path.join('.') || null);
    }
    if (!(await companies.isVisible(auth, parsed.data.company_id))) {
      throw new ApiError(404, ERROR_CODES.NOT_FOUND, COMPANY_MESSAGES.notFound, 'company_id');
    }
    return parsed.data;
  };

  return {
    async list(auth: AuthContext, query: ImageListQuery) {
      const { rows, total } = await imagesRepository.list(auth, query);
      return { data: rows.map(toImage), total };
    },

    /** Keeps a checked upload as an image of the company named in the fields. */
    async create(
      auth: AuthContext,
      fields: Record<string, string>,
      upload: BufferedUpload | null,
    ): Promise<ImageInfo> {
      if (!upload) throw invalid(IMAGE_MESSAGES.imageRequired, 'image');
      const values = await checkFields(auth, fields);
      const format = checkImage(upload);
      const stored = await store.save(Readable.from([upload.bytes]));
      try {
        const id = await imagesRepository.insert({
          companyId: values.company_id,
          userId: auth.user.id,
          type: values.type,
          name: upload.name,
          description: values.description,
          mimeType: format.mimeType,
          size: stored.size,
          width: format.width,
          height: format.height,
          storageKey: stored.key,
        });
        return toImage(await requireImage(auth, id));
      } catch (error) {
        await store.remove(stored.key);
        throw error;
      }
    },

    async update(auth: AuthContext, id: number, description: string): Promise<ImageInfo> {
      await requireImage(auth, id);
      await imagesRepository.updateDescription(id, description);
      return toImage(await requireImage(auth, id));
    },

    async remove(auth: AuthContext, id: number) {
      const row = await requireImage(auth, id);
      await imagesRepository.remove(id);
      await store.remove(row.storageKey);
    },

    /** The picture's bytes with what a browser needs to show it. */
    async open(auth: AuthContext, id: number) {
      const row = await requireImage(auth, id);
      return {
        name: row.name,
        size: row.size,
        mimeType: row.mimeType,
        stream: store.read(row.storageKey),
      };
    },
  };
};

export type ImagesService = ReturnType<typeof createImagesService>;
