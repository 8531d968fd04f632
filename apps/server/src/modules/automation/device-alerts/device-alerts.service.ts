import {
  type AlertConfigAddBody,
  type AlertConfigListQuery,
  type AlertConfigUpdate,
  DEVICE_ALERT_CONFIGS_PER_DEVICE_MAX,
  DEVICE_ALERT_MESSAGES,
  deviceAlertSubtypeOf,
  deviceAlertTypeOf,
} from '@netfleet/contracts';
import { invalid, notFound } from '@/lib/api-error';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { RunInTransaction } from '@/modules/identity/auth/session.service';
import type { DeviceJobsRepository } from '@/modules/fleet/device-jobs/device-jobs.repository';
import type { DeviceJobsService } from '@/modules/fleet/device-jobs/device-jobs.service';
import type { StatusService } from '@/modules/system/status/status.service';
import type { Transaction } from '@/db/client';
import type { DeviceAlertsRepository } from './device-alerts.repository';
import { alertTypeFilter, setsOf, toConfig, toConfigListItem } from './device-alerts.mapper';

/** An `alerts_config` job waits this long for an offline device (then `devicesReady` re-sends). */
const JOB_EXPIRY_SECONDS = 30 * 24 * 60 * 60;
/** The most configs route 25 reads to find the devices without a `device_id`. */
const SETS_MAX = 1000;

interface Deps {
  transaction: RunInTransaction;
  repository: DeviceAlertsRepository;
  jobsRepository: Pick<DeviceJobsRepository, 'insert'>;
  jobs: Pick<DeviceJobsService, 'dispatch'>;
  status: Pick<StatusService, 'open' | 'publishMany'>;
  now: () => Date;
}

/**
 * RMS alerts configurations and alert tokens (design §1 rows 20, 22–27, §4.8; the alerts
 * themselves: alert-history.service.ts). A device learns its whole set of enabled configs with
 * one `alerts_config` job, stored in the transaction that changed it under the device's row
 * lock, as data collect does.
 */
export const createDeviceAlertsService = ({
  transaction,
  repository,
  jobsRepository,
  jobs,
  status,
  now,
}: Deps) => {
  const requireConfig = async (auth: AuthContext, id: number) => {
    const config = await repository.findConfig(auth, id);
    if (!config) throw notFound(DEVICE_ALERT_MESSAGES.configNotFound);
    return config;
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
      const rows = await repository.configsOf(deviceIds, tx);
      const versions = new Map<number, number>();
      for (const row of rows) {
        versions.set(row.deviceId, Math.max(versions.get(row.deviceId) ?? 0, row.setVersion));
      }
      const version = (deviceId: number) => (versions.get(deviceId) ?? 0) + 1;
      for (const deviceId of deviceIds)
        await repository.setVersion(deviceId, version(deviceId), tx);
      const sets = setsOf(deviceIds, rows, version);
      const argsOf = (deviceId: number) => sets.get(deviceId) ?? { version: 0, configs: [] };
      const inserted = await jobsRepository.insert(
        deviceIds.map((deviceId) => ({
          deviceId,
          userId,
          channel,
          type: 'alerts_config' as const,
          args: argsOf(deviceId),
          expiresAt,
        })),
        tx,
      );
      return inserted.map((job) => ({
        ...job,
        channel,
        type: 'alerts_config' as const,
        args: argsOf(job.deviceId),
        expiresAt,
      }));
    });
    if (stored.length) await jobs.dispatch(stored);
    return channel;
  };

  const changeSets = async (
    auth: AuthContext,
    deviceIds: readonly number[],
    change: (tx: Transaction) => Promise<void>,
  ) => {
    const channel = deviceIds.length ? await status.open(auth.user.id) : null;
    return storeSets({ userId: auth.user.id, channel }, deviceIds, change);
  };

  return {
    /** Devices back after their set's job expired get it again (no user, no channel). */
    async resendExpired(deviceIds: readonly number[]) {
      const owed = await repository.expiredSets(deviceIds, now());
      if (owed.length) await storeSets({ userId: null, channel: null }, owed, async () => {});
    },

    addToken: (auth: AuthContext, token: string) => repository.addToken(auth.user.id, token),

    async listConfigs(auth: AuthContext, query: AlertConfigListQuery) {
      const typeId = alertTypeFilter(query.type);
      const { rows, total } = await repository.listConfigs(auth, {
        limit: query.limit,
        offset: query.offset,
        companyId: query.company_id,
        userId: query.user_id,
        deviceId: query.device_id,
        typeId,
        q: query.q,
      });
      return { data: rows.map(toConfigListItem), total };
    },

    getConfig: async (auth: AuthContext, id: number) => toConfig(await requireConfig(auth, id)),

    /** Route 24: the change, then the device's set again. */
    async updateConfig(auth: AuthContext, id: number, body: AlertConfigUpdate) {
      const config = await requireConfig(auth, id);
      if (body.smtp_config_id && !(await repository.smtpVisible(auth, body.smtp_config_id))) {
        throw invalid(DEVICE_ALERT_MESSAGES.smtpNotFound, 'smtp_config_id');
      }
      const values = {
        ...(body.subject !== undefined ? { subject: body.subject } : {}),
        ...(body.message !== undefined ? { message: body.message } : {}),
        ...(body.enable !== undefined ? { enable: body.enable } : {}),
        ...(body.redundancy_enable !== undefined
          ? { redundancyEnable: body.redundancy_enable }
          : {}),
        ...(body.redundancy_interval !== undefined
          ? { redundancyInterval: body.redundancy_interval }
          : {}),
        ...(body.smtp_config_id !== undefined ? { smtpConfigId: body.smtp_config_id } : {}),
      };
      return changeSets(auth, [config.deviceId], (tx) => repository.updateConfig(id, values, tx));
    },

    /**
     * Route 25: one `completed` per device on a channel, its set (as the device has it) as JSON;
     * without `device_id`, every visible device that has configs.
     */
    async deviceSetsChannel(auth: AuthContext, deviceId: number | undefined) {
      let deviceIds: number[];
      if (deviceId === undefined) {
        const { rows } = await repository.listConfigs(auth, { limit: SETS_MAX, offset: 0 });
        deviceIds = [...new Set(rows.map((row) => row.deviceId))];
      } else if ((await repository.visibleDevices(auth, [deviceId])).has(deviceId)) {
        deviceIds = [deviceId];
      } else throw notFound(DEVICE_ALERT_MESSAGES.deviceNotFound);
      const rows = await repository.configsOf(deviceIds);
      const versions = new Map<number, number>();
      for (const row of rows) {
        versions.set(row.deviceId, Math.max(versions.get(row.deviceId) ?? 0, row.setVersion));
      }
      const sets = setsOf(deviceIds, rows, (id) => versions.get(id) ?? 0);
      const channel = await status.open(auth.user.id);
      await status.publishMany(
        channel,
        [...sets].map(([id, set]) => ({
          item: String(id),
          update: { status: 'completed' as const, value: JSON.stringify(set) },
        })),
      );
      return channel;
    },

    /** Route 26: all or nothing; one job per device with its whole set. */
    async addConfigs(auth: AuthContext, body: AlertConfigAddBody) {
      const companies = await repository.visibleDevices(
        auth,
        body.data.map((item) => item.device_id),
      );
      for (const [index, item] of body.data.entries()) {
        const at = `data.${index}`;
        if (!companies.has(item.device_id)) {
          throw invalid(DEVICE_ALERT_MESSAGES.deviceNotFound, `${at}.device_id`);
        }
        if (!deviceAlertTypeOf(item.alert_type_id)) {
          throw invalid(DEVICE_ALERT_MESSAGES.unknownType, `${at}.alert_type_id`);
        }
        if (!deviceAlertSubtypeOf(item.alert_type_id, item.alert_subtype_id)) {
          throw invalid(DEVICE_ALERT_MESSAGES.unknownSubtype, `${at}.alert_subtype_id`);
        }
        if (item.smtp_config_id && !(await repository.smtpVisible(auth, item.smtp_config_id))) {
          throw invalid(DEVICE_ALERT_MESSAGES.smtpNotFound, `${at}.smtp_config_id`);
        }
      }
      const rows = body.data.map((item) => ({
        deviceId: item.device_id,
        companyId: companies.get(item.device_id) ?? 0,
        userId: auth.user.id,
        alertTypeId: item.alert_type_id,
        alertSubtypeId: item.alert_subtype_id,
        action: item.action ?? null,
        subject: item.subject ?? '',
        message: item.message ?? '',
        emailTo: item.email ?? null,
        smtpConfigId: item.smtp_config_id ?? null,
        deliveryRetry: item.delivery_retry ?? false,
        retryInterval: item.retry_interval ?? null,
        retryCount: item.retry_count ?? null,
        redundancyEnable: (item.redundancy_interval ?? 0) > 0,
        redundancyInterval: item.redundancy_interval ?? null,
        dataLimit: item.data_limit ?? null,
        sim: item.sim ?? null,
        period: item.period ?? null,
        starts: item.starts ?? null,
        phone: item.phone ?? null,
        latitude: item.latitude ?? null,
        longitude: item.longitude ?? null,
        radius: item.radius ?? null,
      }));
      const deviceIds = [...new Set(rows.map((row) => row.deviceId))];
      return changeSets(auth, deviceIds, async (tx) => {
        await repository.insertConfigs(rows, tx);
        const counts = new Map<number, number>();
        for (const row of await repository.configsOf(deviceIds, tx)) {
          counts.set(row.deviceId, (counts.get(row.deviceId) ?? 0) + 1);
        }
        const full = [...counts].find(([, count]) => count > DEVICE_ALERT_CONFIGS_PER_DEVICE_MAX);
        if (full) {
          const index = body.data.findIndex((item) => item.device_id === full[0]);
          throw invalid(DEVICE_ALERT_MESSAGES.tooManyConfigs, `data.${index}.device_id`);
        }
      });
    },

    /** Route 27: the config of that device goes; the device gets its set without it. */
    async removeConfig(auth: AuthContext, deviceId: number, id: number) {
      const config = await requireConfig(auth, id);
      if (config.deviceId !== deviceId) throw notFound(DEVICE_ALERT_MESSAGES.configNotFound);
      return changeSets(auth, [deviceId], (tx) => repository.removeConfig(id, tx));
    },
  };
};

export type DeviceAlertsService = ReturnType<typeof createDeviceAlertsService>;
