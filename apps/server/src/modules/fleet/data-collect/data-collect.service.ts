import {
  type CollectConfigArgs,
  type CustomDataQuery,
  DATA_COLLECT_API_MESSAGES,
  DATA_COLLECT_CONFIGS_PER_DEVICE_MAX,
  DATA_COLLECT_MESSAGES,
  DATA_COLLECT_VARIABLES_MAX,
  type DataCollectAssignBody,
  type DataCollectAssignedQuery,
  type DataCollectConfigBody,
  DEVICE_JOB_MESSAGES,
  parseDataCollectField,
} from '@netfleet/contracts';
import { invalid, notFound } from '@/lib/api-error';
import { type ActionLogService, actorOf } from '@/modules/system/action-log/action-log.service';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { DeviceJobsRepository } from '@/modules/fleet/device-jobs/device-jobs.repository';
import type { DeviceJobsService } from '@/modules/fleet/device-jobs/device-jobs.service';
import type { RunInTransaction } from '@/modules/identity/auth/session.service';
import type { StatusService } from '@/modules/system/status/status.service';
import type { CompaniesRepository } from '@/modules/organisation/companies/companies.repository';
import type { Transaction } from '@/db/client';
import type { DataCollectRepository } from './data-collect.repository';
import {
  toAssignment,
  toConfig,
  toCustomData,
  toFieldsTemplate,
  toLog,
} from './data-collect.mapper';

/** A `collect_config` job waits this long for an offline device. */
const JOB_EXPIRY_SECONDS = 30 * 24 * 60 * 60;
/** The most distinct values graph and values answer. */
const VALUES_MAX = 100;

interface Deps {
  transaction: RunInTransaction;
  repository: DataCollectRepository;
  companies: Pick<CompaniesRepository, 'isVisible'>;
  jobsRepository: Pick<DeviceJobsRepository, 'insert'>;
  jobs: Pick<DeviceJobsService, 'dispatch'>;
  status: Pick<StatusService, 'open'>;
  actionLog: Pick<ActionLogService, 'record'>;
  findDocumentation: FindDocumentation;
  now: () => Date;
}

/** Which device API documentation an id names (the built-in one or an upload), or null. */
export type FindDocumentation = (id: number) => Promise<{ id: number; api_system: string } | null>;

const checkBody = async (
  body: DataCollectConfigBody,
  now: Date,
  findDocumentation: FindDocumentation,
) => {
  const documentation = await findDocumentation(body.device_documentation_id);
  if (!documentation) {
    throw invalid(DATA_COLLECT_API_MESSAGES.unknownDocumentation, 'device_documentation_id');
  }
  const variables = body.data.reduce((sum, endpoint) => sum + endpoint.variables.length, 0);
  if (variables > DATA_COLLECT_VARIABLES_MAX) {
    throw invalid(DATA_COLLECT_MESSAGES.tooManyVariables, 'data');
  }
  return {
    name: body.name?.trim() || `Data collection ${now.toISOString().slice(0, 10)}`,
    description: body.description?.trim() || null,
    apiSystem: body.api_system ?? documentation.api_system,
    apiVersion: body.api_version,
    documentationId: documentation.id,
    period: body.period,
    enabled: body.enabled,
    endpoints: body.data,
  };
};

/** Each device's set: the enabled assignments of enabled configs (empty: it collects nothing). */
const setsOf = (
  deviceIds: readonly number[],
  assignments: Awaited<ReturnType<DataCollectRepository['assignmentsOf']>>,
) => {
  const sets = new Map<number, CollectConfigArgs>(deviceIds.map((id) => [id, { configs: [] }]));
  for (const row of assignments) {
    if (!row.enabled || !row.configEnabled) continue;
    sets
      .get(row.deviceId)
      ?.configs.push({ id: row.configId, period: row.period, data: row.endpoints });
  }
  return sets;
};

/**
 * Data collection: configs of the companies a user sees, assigned to devices of the config's
 * company and below. A device learns its whole set with one `collect_config` job, stored in the
 * transaction that changed it under the devices' row locks (so the last change is the last job,
 * and an offline device catches up on reconnect); what devices send comes in through
 * collect-ingest.
 */
export const createDataCollectService = ({
  transaction,
  repository,
  companies,
  jobsRepository,
  jobs,
  status,
  actionLog,
  findDocumentation,
  now,
}: Deps) => {
  const requireConfig = async (auth: AuthContext, id: number) => {
    const config = await repository.find(auth, id);
    if (!config) throw notFound(DATA_COLLECT_API_MESSAGES.notFound);
    return config;
  };

  const requireCompany = async (auth: AuthContext, companyId: number) => {
    if (!(await companies.isVisible(auth, companyId))) {
      throw invalid('Company not found', 'company_id');
    }
  };

  /**
   * Runs `change`, then stores each device's new set as a job in the same transaction, and sends
   * the jobs once it committed. Devices come from the database or were checked by the caller, so
   * every device of the config gets its set, whoever made the change.
   */
  const changeSets = async (
    auth: AuthContext,
    deviceIds: readonly number[],
    change: (tx: Transaction) => Promise<void>,
  ) => {
    const channel = deviceIds.length ? await status.open(auth.user.id) : null;
    return storeSets({ userId: auth.user.id, channel }, deviceIds, change);
  };

  const storeSets = async (
    { userId, channel }: { userId: number | null; channel: string | null },
    deviceIds: readonly number[],
    change: (tx: Transaction) => Promise<void>,
  ) => {
    const expiresAt = new Date(now().getTime() + JOB_EXPIRY_SECONDS * 1000);
    const stored = await transaction(async (tx) => {
      await repository.lockDevices(deviceIds, tx);
      await change(tx);
      if (deviceIds.length === 0) return [];
      const sets = setsOf(deviceIds, await repository.assignmentsOf(deviceIds, tx));
      const argsOf = (deviceId: number) => sets.get(deviceId) ?? { configs: [] };
      const inserted = await jobsRepository.insert(
        deviceIds.map((deviceId) => ({
          deviceId,
          userId,
          channel,
          type: 'collect_config',
          args: argsOf(deviceId),
          expiresAt,
        })),
        tx,
      );
      return inserted.map((job) => ({
        ...job,
        channel,
        type: 'collect_config' as const,
        args: argsOf(job.deviceId),
        expiresAt,
      }));
    });
    if (stored.length) await jobs.dispatch(stored);
    return channel;
  };

  const requireDevices = async (auth: AuthContext, ids: readonly number[], source: string) => {
    const visible = await repository.visibleDeviceIds(auth, ids);
    ids.forEach((id, index) => {
      if (!visible.has(id)) throw invalid(DEVICE_JOB_MESSAGES.deviceNotFound, `${source}.${index}`);
    });
  };

  return {
    /**
     * Devices back after their set's job expired get it again (no user, no channel): a device
     * away longer than a job waits still ends up collecting what it is assigned.
     */
    async resendExpired(deviceIds: readonly number[]) {
      const owed = await repository.expiredSets(deviceIds, now());
      if (owed.length) await storeSets({ userId: null, channel: null }, owed, async () => {});
    },

    async list(
      auth: AuthContext,
      query: { limit: number; offset: number; q?: string | undefined },
    ) {
      const { rows, total } = await repository.list(auth, query);
      return { data: rows.map(toConfig), total };
    },

    get: async (auth: AuthContext, id: number) => toConfig(await requireConfig(auth, id)),

    async create(auth: AuthContext, body: DataCollectConfigBody, ip: string) {
      await requireCompany(auth, body.company_id);
      const id = await repository.insert({
        ...(await checkBody(body, now(), findDocumentation)),
        companyId: body.company_id,
        createdBy: auth.user.id,
      });
      await actionLog.record(actorOf(auth, ip), 'data_collect_config_create', {
        entity: 'data_collect_config',
        entityId: id,
      });
      return id;
    },

    /** Devices collecting the config get its new version (or stop, when it is disabled). */
    async update(auth: AuthContext, id: number, body: DataCollectConfigBody, ip: string) {
      await requireConfig(auth, id);
      await requireCompany(auth, body.company_id);
      const values = {
        ...(await checkBody(body, now(), findDocumentation)),
        companyId: body.company_id,
      };
      const channel = await changeSets(auth, await repository.devicesOf(id), (tx) =>
        repository.update(id, values, tx),
      );
      await actionLog.record(actorOf(auth, ip), 'data_collect_config_update', {
        entity: 'data_collect_config',
        entityId: id,
      });
      return channel;
    },

    async remove(auth: AuthContext, id: number, ip: string) {
      await requireConfig(auth, id);
      const devices = await repository.devicesOf(id);
      const channel = await changeSets(auth, devices, (tx) => repository.remove(id, tx));
      await actionLog.record(actorOf(auth, ip), 'data_collect_config_delete', {
        entity: 'data_collect_config',
        entityId: id,
        details: { devices: devices.length },
      });
      return channel;
    },

    /**
     * All or nothing: every config and device is checked before anything is assigned. A device
     * must be visible and in the config's company or below it (its data goes to that company).
     */
    async assign(auth: AuthContext, body: DataCollectAssignBody, ip: string) {
      const seen = new Set<number>();
      for (const [index, item] of body.configs.entries()) {
        if (seen.has(item.id)) {
          throw invalid(DATA_COLLECT_API_MESSAGES.duplicateConfig, `configs.${index}.id`);
        }
        seen.add(item.id);
        const config = await repository.find(auth, item.id);
        if (!config) throw invalid(DATA_COLLECT_API_MESSAGES.notFound, `configs.${index}.id`);
        await requireDevices(auth, item.device_id, `configs.${index}.device_id`);
        const under = await repository.devicesUnder(config.companyPath, item.device_id);
        item.device_id.forEach((id, at) => {
          if (!under.has(id)) {
            throw invalid(
              DATA_COLLECT_API_MESSAGES.outsideCompany,
              `configs.${index}.device_id.${at}`,
            );
          }
        });
      }
      const rows = body.configs.flatMap((item) =>
        [...new Set(item.device_id)].map((deviceId) => ({
          configId: item.id,
          deviceId,
          period: item.period,
          enabled: item.enabled,
        })),
      );
      const deviceIds = [...new Set(rows.map((row) => row.deviceId))];
      const channel = await changeSets(auth, deviceIds, async (tx) => {
        await repository.upsertAssignments(rows, tx);
        const perDevice = new Map<number, number>();
        for (const row of await repository.assignmentsOf(deviceIds, tx)) {
          perDevice.set(row.deviceId, (perDevice.get(row.deviceId) ?? 0) + 1);
        }
        const full = [...perDevice].find(
          ([, count]) => count > DATA_COLLECT_CONFIGS_PER_DEVICE_MAX,
        );
        if (full) {
          const index = body.configs.findIndex((item) => item.device_id.includes(full[0]));
          throw invalid(DATA_COLLECT_API_MESSAGES.tooManyConfigs, `configs.${index}.device_id`);
        }
      });
      await actionLog.record(actorOf(auth, ip), 'data_collect_assign', {
        entity: 'data_collect_config',
        entityId: body.configs.map((item) => item.id).join(','),
        details: { devices: deviceIds.length },
      });
      return channel;
    },

    async unassign(auth: AuthContext, id: number, deviceIds: readonly number[], ip: string) {
      await requireConfig(auth, id);
      await requireDevices(auth, deviceIds, 'device_id');
      const channel = await changeSets(auth, [...new Set(deviceIds)], (tx) =>
        repository.removeAssignments(id, deviceIds, tx),
      );
      await actionLog.record(actorOf(auth, ip), 'data_collect_unassign', {
        entity: 'data_collect_config',
        entityId: id,
        details: { devices: deviceIds.length },
      });
      return channel;
    },

    async assigned(auth: AuthContext, query: DataCollectAssignedQuery) {
      const { rows, total } = await repository.listAssigned(auth, {
        limit: query.limit,
        offset: query.offset,
        deviceId: query.device_id,
        configId: query.config_id,
      });
      return { data: rows.map(toAssignment), total };
    },

    async logs(auth: AuthContext, query: DataCollectAssignedQuery) {
      const { rows, total } = await repository.listLogs(auth, {
        limit: query.limit,
        offset: query.offset,
        deviceId: query.device_id,
        configId: query.config_id,
      });
      return { data: rows.map(toLog), total };
    },

    async customData(auth: AuthContext, deviceId: number, query: CustomDataQuery) {
      if (!(await repository.visibleDeviceIds(auth, [deviceId])).has(deviceId)) {
        throw notFound(DEVICE_JOB_MESSAGES.deviceNotFound);
      }
      const { rows, total } = await repository.customData(deviceId, {
        limit: query.limit,
        offset: query.offset,
        from: query.start_date,
        to: query.end_date,
        configId: query.config_id,
      });
      return { data: rows.map(toCustomData), total };
    },

    /** The latest value of a variable on each device, grouped: value → devices. */
    async graph(auth: AuthContext, field: string) {
      const parsed = parseDataCollectField(field);
      if (!parsed) throw invalid(DATA_COLLECT_API_MESSAGES.field, 'field');
      await requireConfig(auth, parsed.configId);
      const counts = await repository.latestValueCounts(auth, parsed, VALUES_MAX);
      return {
        variable: parsed.variable,
        counts: Object.fromEntries(counts.map((row) => [row.value ?? '', row.devices])),
      };
    },

    async fields(auth: AuthContext) {
      const { rows } = await repository.list(auth, { limit: 1000, offset: 0 });
      return rows.map(toFieldsTemplate);
    },
  };
};

export type DataCollectService = ReturnType<typeof createDataCollectService>;
