import {
  COMPANY_MESSAGES,
  ERROR_CODES,
  TAG_MESSAGES,
  type CreateTagBody,
  type Tag,
  type TagListQuery,
  type UpdateTagBody,
} from '@netfleet/contracts';
import { isUniqueViolation } from '@/db/errors';
import { ApiError, conflict, notFound } from '@/lib/api-error';
import type { AuthContext } from '@/modules/auth/auth.types';
import type { CompaniesRepository } from '@/modules/companies/companies.repository';
import type { TagsRepository, TagValues } from './tags.repository';

type TagRow = NonNullable<Awaited<ReturnType<TagsRepository['find']>>>;

const toTag = (row: TagRow): Tag => ({
  id: row.id,
  company_id: row.companyId,
  company_name: row.companyName,
  name: row.name,
  description: row.description,
  color: row.color,
  created_at: row.createdAt.toISOString(),
});

/** The unique index decides, so two requests racing for one name cannot both win. */
const duplicateAsConflict = async <T>(write: () => Promise<T>): Promise<T> => {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(TAG_MESSAGES.duplicateName, 'name');
    throw error;
  }
};

interface Deps {
  tagsRepository: TagsRepository;
  companies: Pick<CompaniesRepository, 'isVisible'>;
}

/** Tags of the companies the caller sees; a tag anywhere else answers 404. */
export const createTagsService = ({ tagsRepository, companies }: Deps) => {
  const requireTag = async (auth: AuthContext, id: number) => {
    const row = await tagsRepository.find(auth, id);
    if (!row) throw notFound(TAG_MESSAGES.notFound);
    return row;
  };

  return {
    async list(auth: AuthContext, query: TagListQuery) {
      const { rows, total } = await tagsRepository.list(auth, query);
      return { data: rows.map(toTag), total };
    },

    async get(auth: AuthContext, id: number): Promise<Tag> {
      return toTag(await requireTag(auth, id));
    },

    /** RMS `actions` (device actions for the new tag) are accepted and ignored. */
    async create(auth: AuthContext, body: CreateTagBody): Promise<Tag> {
      if (!(await companies.isVisible(auth, body.company_id))) {
        throw new ApiError(404, ERROR_CODES.NOT_FOUND, COMPANY_MESSAGES.notFound, 'company_id');
      }
      const id = await duplicateAsConflict(() =>
        tagsRepository.insert({
          companyId: body.company_id,
          name: body.name,
          description: body.description ?? '',
          color: body.color ?? null,
        }),
      );
      return toTag(await requireTag(auth, id));
    },

    async update(auth: AuthContext, id: number, body: UpdateTagBody): Promise<Tag> {
      await requireTag(auth, id);
      const values: TagValues = {};
      if (body.name !== undefined) values.name = body.name;
      if (body.description !== undefined) values.description = body.description ?? '';
      if (body.color !== undefined) values.color = body.color;
      if (Object.keys(values).length) {
        await duplicateAsConflict(() => tagsRepository.update(id, values));
      }
      return toTag(await requireTag(auth, id));
    },

    async remove(auth: AuthContext, id: number) {
      await requireTag(auth, id);
      await tagsRepository.remove(id);
    },
  };
};

export type TagsService = ReturnType<typeof createTagsService>;
