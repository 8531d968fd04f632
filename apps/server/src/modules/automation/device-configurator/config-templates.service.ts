import {
  COMPANY_MESSAGES,
  type ConfigRequest,
  type ConfigTemplate,
  type ConfigTemplateListQuery,
  type CreateConfigTemplateBody,
  configsOfModel,
  DEVICE_CONFIGURATOR_MESSAGES,
  DEVICE_MODELS,
  ERROR_CODES,
  templateProblems,
  type UpdateConfigTemplateBody,
} from '@netfleet/contracts';
import { isUniqueViolation } from '@/db/errors';
import { ApiError, conflict, invalid, notFound } from '@/lib/api-error';
import { maskRequest, unmaskRequests } from '@/lib/config-secrets';
import { toApiDate } from '@/lib/dates';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { CompaniesRepository } from '@/modules/organisation/companies/companies.repository';
import { type ActionLogService, actorOf } from '@/modules/system/action-log/action-log.service';
import type {
  ConfigTemplateRow,
  ConfigTemplatesRepository,
  ConfigTemplateValues,
} from './config-templates.repository';

export const toConfigTemplate = (row: ConfigTemplateRow): ConfigTemplate => ({
  id: row.id,
  company_id: row.companyId,
  company_name: row.companyName,
  name: row.name,
  version: row.version,
  // Applying the template sends the stored secrets; people see them masked.
  template: JSON.stringify(row.requests.map(maskRequest)),
  device_model: row.deviceModel,
  firmware: row.firmware,
  min_firmware: row.minFirmware,
  max_firmware: row.maxFirmware,
  created_at: toApiDate(row.createdAt),
  updated_at: toApiDate(row.updatedAt),
});

/**
 * The body as stored, once the schema has no objection to any request. A secret sent back as
 * its mask keeps the value `stored` has for it (an edit of the masked template).
 */
const valuesOf = (
  body: UpdateConfigTemplateBody,
  stored: readonly ConfigRequest[] = [],
): ConfigTemplateValues => {
  const { requests, unknown } = unmaskRequests(body.template, stored);
  if (unknown) {
    throw invalid(
      DEVICE_CONFIGURATOR_MESSAGES.maskedSecret,
      `template.${unknown.index}.request_data.${unknown.option}`,
    );
  }
  // A model prefix (RUT9) names a family, whose models may differ in configs: checked per device.
  const model = body.device_model?.toUpperCase() ?? null;
  const known =
    model !== null && (model in DEVICE_MODELS || configsOfModel(model)[0] === 'netfleet');
  const [problem] = templateProblems(requests, known ? model : null);
  if (problem) throw invalid(problem.message, problem.source);
  return {
    name: body.name,
    version: body.version,
    requests,
    deviceModel: model || null,
    firmware: body.firmware,
    minFirmware: body.min_firmware,
    maxFirmware: body.max_firmware,
  };
};

const duplicateAsConflict = async <T>(write: () => Promise<T>): Promise<T> => {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict(DEVICE_CONFIGURATOR_MESSAGES.duplicateTemplate, 'name');
    throw error;
  }
};

interface Deps {
  repository: ConfigTemplatesRepository;
  companies: Pick<CompaniesRepository, 'isVisible'>;
  actionLog: Pick<ActionLogService, 'record'>;
}

/** Configuration templates of the companies the caller sees; others answer 404. */
export const createConfigTemplatesService = ({ repository, companies, actionLog }: Deps) => {
  const requireTemplate = async (auth: AuthContext, id: number) => {
    const row = await repository.find(auth, id);
    if (!row) throw notFound(DEVICE_CONFIGURATOR_MESSAGES.templateNotFound);
    return row;
  };
  const logged = (
    auth: AuthContext,
    ip: string,
    action: 'create' | 'update' | 'delete',
    id: number,
    name: string,
  ) =>
    actionLog.record(actorOf(auth, ip), `config_template_${action}`, {
      entity: 'config_template',
      entityId: id,
      details: { name },
    });

  return {
    requireTemplate,

    async list(auth: AuthContext, query: ConfigTemplateListQuery) {
      const { rows, total } = await repository.list(auth, query);
      return { data: rows.map(toConfigTemplate), total };
    },

    get: async (auth: AuthContext, id: number) => toConfigTemplate(await requireTemplate(auth, id)),

    async create(auth: AuthContext, body: CreateConfigTemplateBody, ip: string) {
      const values = valuesOf(body);
      if (!(await companies.isVisible(auth, body.company_id))) {
        throw new ApiError(404, ERROR_CODES.NOT_FOUND, COMPANY_MESSAGES.notFound, 'company_id');
      }
      const id = await duplicateAsConflict(() =>
        repository.insert({ ...values, companyId: body.company_id }),
      );
      await logged(auth, ip, 'create', id, body.name);
      return toConfigTemplate(await requireTemplate(auth, id));
    },

    async update(auth: AuthContext, id: number, body: UpdateConfigTemplateBody, ip: string) {
      const stored = await requireTemplate(auth, id);
      const values = valuesOf(body, stored.requests);
      await duplicateAsConflict(() => repository.update(id, values));
      await logged(auth, ip, 'update', id, body.name);
      return toConfigTemplate(await requireTemplate(auth, id));
    },

    async remove(auth: AuthContext, id: number, ip: string) {
      const row = await requireTemplate(auth, id);
      await repository.remove(id);
      await logged(auth, ip, 'delete', id, row.name);
    },
  };
};

export type ConfigTemplatesService = ReturnType<typeof createConfigTemplatesService>;
