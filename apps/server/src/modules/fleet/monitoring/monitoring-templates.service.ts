import {
  COMPANY_MESSAGES,
  type CreateMonitoringTemplateBody,
  ERROR_CODES,
  MAX_ACTIVE_MONITORING_PARAMETERS,
  MONITORING,
  MONITORING_TEMPLATE_MESSAGES,
  type MonitoringParameter,
  type MonitoringTemplate,
  type MonitoringTemplateListQuery,
  type UpdateMonitoringTemplateBody,
} from '@netfleet/contracts';
import { isUniqueViolation } from '@/db/errors';
import { ApiError, conflict, invalid, notFound } from '@/lib/api-error';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { CompaniesRepository } from '@/modules/organisation/companies/companies.repository';
import type {
  MonitoringTemplatesRepository,
  TemplateValues,
} from './monitoring-templates.repository';

type TemplateRow = NonNullable<Awaited<ReturnType<MonitoringTemplatesRepository['find']>>>;

const DAY_SECONDS = 24 * 60 * 60;
const entryOf = new Map(MONITORING.map((entry) => [entry.key, entry]));

/** Bytes a day of the enabled parameters at their per-message costs (spec §9, MONITORING). */
export const bytesPerDay = (parameters: readonly MonitoringParameter[]): number =>
  Math.round(
    parameters.reduce((sum, parameter) => {
      const bytes = entryOf.get(parameter.key)?.bytes;
      if (!parameter.enabled || !bytes) return sum;
      return sum + (DAY_SECONDS / parameter.period) * (bytes.down + bytes.up);
    }, 0),
  );

const toTemplate = (row: TemplateRow): MonitoringTemplate => ({
  id: row.id,
  company_id: row.companyId,
  company_name: row.companyName,
  name: row.name,
  description: row.description,
  // Writes take known keys only (checkParameters), so every stored one has its entry.
  parameters: row.parameters.flatMap((parameter) => {
    const entry = entryOf.get(parameter.key);
    if (!entry) return [];
    return [
      {
        ...parameter,
        label: entry.label,
        config_id: entry.configId,
        default: entry.defaultPeriod,
        min: entry.min,
        max: entry.max,
        compat_key: entry.compatKey,
        bytes: entry.bytes,
      },
    ];
  }),
  bytes_per_day: bytesPerDay(row.parameters),
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** The spec §9 rules: at most 200 active parameters, each a known entry, each once. */
const checkParameters = (parameters: readonly MonitoringParameter[]) => {
  const active = parameters.filter((parameter) => parameter.enabled).length;
  if (active > MAX_ACTIVE_MONITORING_PARAMETERS) {
    throw invalid(MONITORING_TEMPLATE_MESSAGES.tooManyActive, 'parameters');
  }
  const seen = new Set<string>();
  parameters.forEach((parameter, index) => {
    if (!entryOf.has(parameter.key)) {
      throw invalid(MONITORING_TEMPLATE_MESSAGES.unknownParameter, `parameters.${index}.key`);
    }
    if (seen.has(parameter.key)) {
      throw invalid(MONITORING_TEMPLATE_MESSAGES.duplicateParameter, `parameters.${index}.key`);
    }
    seen.add(parameter.key);
  });
};

const duplicateAsConflict = async <T>(write: () => Promise<T>): Promise<T> => {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict(MONITORING_TEMPLATE_MESSAGES.duplicateName, 'name');
    }
    throw error;
  }
};

interface Deps {
  templatesRepository: MonitoringTemplatesRepository;
  companies: Pick<CompaniesRepository, 'isVisible'>;
}

/** Monitoring templates of the companies the caller sees; others answer 404. */
export const createMonitoringTemplatesService = ({ templatesRepository, companies }: Deps) => {
  const requireTemplate = async (auth: AuthContext, id: number) => {
    const row = await templatesRepository.find(auth, id);
    if (!row) throw notFound(MONITORING_TEMPLATE_MESSAGES.notFound);
    return row;
  };

  return {
    async list(auth: AuthContext, query: MonitoringTemplateListQuery) {
      const { rows, total } = await templatesRepository.list(auth, query);
      return { data: rows.map(toTemplate), total };
    },

    async get(auth: AuthContext, id: number) {
      return toTemplate(await requireTemplate(auth, id));
    },

    /** The stored parameters, for applying a template to devices. */
    async parametersOf(auth: AuthContext, id: number) {
      return (await templatesRepository.find(auth, id))?.parameters ?? null;
    },

    async create(auth: AuthContext, body: CreateMonitoringTemplateBody) {
      checkParameters(body.parameters);
      if (!(await companies.isVisible(auth, body.company_id))) {
        throw new ApiError(404, ERROR_CODES.NOT_FOUND, COMPANY_MESSAGES.notFound, 'company_id');
      }
      const id = await duplicateAsConflict(() =>
        templatesRepository.insert({
          companyId: body.company_id,
          name: body.name,
          description: body.description ?? '',
          parameters: body.parameters,
        }),
      );
      return toTemplate(await requireTemplate(auth, id));
    },

    async update(auth: AuthContext, id: number, body: UpdateMonitoringTemplateBody) {
      await requireTemplate(auth, id);
      const values: TemplateValues = {};
      if (body.name !== undefined) values.name = body.name;
      if (body.description !== undefined) values.description = body.description ?? '';
      if (body.parameters !== undefined) {
        checkParameters(body.parameters);
        values.parameters = body.parameters;
      }
      if (Object.keys(values).length) {
        await duplicateAsConflict(() => templatesRepository.update(id, values));
      }
      return toTemplate(await requireTemplate(auth, id));
    },

    async remove(auth: AuthContext, id: number) {
      await requireTemplate(auth, id);
      await templatesRepository.remove(id);
    },
  };
};

export type MonitoringTemplatesService = ReturnType<typeof createMonitoringTemplatesService>;
