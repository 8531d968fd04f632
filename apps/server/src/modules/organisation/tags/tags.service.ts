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
import { actorOf, type ActionLogService } from '@/modules/system/action-log/action-log.service';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { CompaniesRepository } from '@/modules/organisation/companies/companies.repository';
import type { TagsRepository, TagValues } from './tags.repository';
import { toApiDate } from '@/lib/dates';

type TagRow = NonNullable<Awaited<ReturnType<TagsRepository['find']>>>;

const toTag = (row: TagRow): Tag => ({
  id: row.id,
  company_id: row.companyId,
  company_name: row.companyName,
  name: row.name,
  description: row.description,
  color: row.color,
  devices_count: row.devicesCount,
  // netfleet runs nothing when a device gets a tag, so a tag has no actions.
  actions: [],
  created_at: toApiDate(row.createdAt),
  updated_at: toApiDate(row.updatedAt),
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
  actionLog: Pick<ActionLogService, 'record'>;
}

/** Tags of the companies the caller sees; a tag anywhere else answers 404. */
export const createTagsService = ({ tagsRepository, companies, actionLog }: Deps) => {
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
    async create(auth: AuthContext, body: CreateTagBody, ip: string): Promise<Tag> {
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
      await actionLog.record(actorOf(auth, ip), 'tag_create', {
        entity: 'tag',
        entityId: id,
        details: { name: body.name, company_id: body.company_id },
      });
      return toTag(await requireTag(auth, id));
    },

    async update(auth: AuthContext, id: number, body: UpdateTagBody, ip: string): Promise<Tag> {
      await requireTag(auth, id);
      const values: TagValues = {};
      if (body.name !== undefined) values.name = body.name;
      if (body.description !== undefined) values.description = body.description ?? '';
      if (body.color !== undefined) values.color = body.color;
      if (Object.keys(values).length) {
        await duplicateAsConflict(() => tagsRepository.update(id, values));
        await actionLog.record(actorOf(auth, ip), 'tag_update', {
          entity: 'tag',
          entityId: id,
          details: { ...values },
        });
      }
      return toTag(await requireTag(auth, id));
    },

    async remove(auth: AuthContext, id: number, ip: string) {
      const tag = await requireTag(auth, id);
      await tagsRepository.remove(id);
      await actionLog.record(actorOf(auth, ip), 'tag_delete', {
        entity: 'tag',
        entityId: id,
        details: { name: tag.name, company_id: tag.companyId },
      });
    },
  };
};

export type TagsService = ReturnType<typeof createTagsService>;
