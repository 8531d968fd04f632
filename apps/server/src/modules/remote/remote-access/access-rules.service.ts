import {
  ACCESS_RULE_FIELDS,
  type AccessRule,
  type AccessRuleInput,
  type AccessRuleListQuery,
  ERROR_CODES,
  isAllowedTunnelTarget,
  LIST_MAX_LIMIT,
  REMOTE_ACCESS_MESSAGES,
  type UpdateAccessRuleBody,
} from '@netfleet/contracts';
import { ApiError, invalid } from '@/lib/api-error';
import { fieldPicker } from '@/lib/query-fields';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import { actorOf, type ActionLogService } from '@/modules/system/action-log/action-log.service';
import type { StatusService } from '@/modules/system/status/status.service';
import type { AccessRulesRepository, AccessRuleValues } from './access-rules.repository';
import { toAccessRule } from './remote-access.mapper';
import type { RemoteDevicesRepository } from './remote-devices.repository';
import type { SessionsRepository } from './sessions.repository';

const ruleNotFound = (source: string | null = null) =>
  new ApiError(404, ERROR_CODES.NOT_FOUND, REMOTE_ACCESS_MESSAGES.notFound, source);
const deviceNotFound = (source: string) =>
  new ApiError(404, ERROR_CODES.NOT_FOUND, 'Device not found', source);

interface Deps {
  rulesRepository: AccessRulesRepository;
  devicesRepository: RemoteDevicesRepository;
  sessionsRepository: Pick<SessionsRepository, 'endOfRules'>;
  status: Pick<StatusService, 'open' | 'publishMany'>;
  actionLog: Pick<ActionLogService, 'record'>;
  now: () => Date;
}

/**
 * Access rules of the devices the caller sees; a rule or device anywhere else answers 404. A rule
 * may only point at the device itself or its private LAN (isAllowedTunnelTarget).
 */
export const createAccessRulesService = (deps: Deps) => {
  const { rulesRepository, devicesRepository, status, actionLog, now } = deps;

  const checkTarget = (ip: string | undefined, source: string) => {
    if (ip !== undefined && !isAllowedTunnelTarget(ip)) {
      throw invalid(REMOTE_ACCESS_MESSAGES.targetNotAllowed, source);
    }
  };

  /** Sharing names users: only users the caller could see anyway. */
  const checkSharing = async (auth: AuthContext, ids: number[] | undefined, source: string) => {
    if (!ids?.length) return;
    const visible = await devicesRepository.visibleUserIds(auth, ids);
    const index = ids.findIndex((id) => !visible.has(id));
    if (index >= 0) throw invalid('User not found', `${source}.${index}`);
  };

  const requireRule = async (auth: AuthContext, id: number) => {
    const row = await rulesRepository.find(auth, id, now());
    if (!row) throw ruleNotFound();
    return row;
  };

  return {
    async list(auth: AuthContext, query: AccessRuleListQuery) {
      const pick = fieldPicker<AccessRule>(query.fields, ACCESS_RULE_FIELDS, ['id']);
      const { rows, total } = await rulesRepository.list(
        auth,
        {
          ids: query.id,
          deviceIds: query.device_id,
          companyId: query.company_id,
          q: query.q,
          searchFields: query['search-fields'],
          sort: query.sort,
          // RMS pages nothing here: a client that sends no limit expects every rule.
          limit: query.limit ?? LIST_MAX_LIMIT,
          offset: query.offset ?? 0,
        },
        now(),
      );
      return { data: rows.map((row) => pick(toAccessRule(row))), total };
    },

    /** All or nothing: every item is checked before any rule is written. */
    async create(auth: AuthContext, items: AccessRuleInput[], ip: string) {
      const devices = await devicesRepository.visibleByIds(
        auth,
        items.map((item) => item.device_id),
      );
      const values: AccessRuleValues[] = [];
      for (const [index, item] of items.entries()) {
        const device = devices.get(item.device_id);
        if (!device) throw deviceNotFound(`data.${index}.device_id`);
        checkTarget(item.destination_ip, `data.${index}.destination_ip`);
        await checkSharing(auth, item.shared_with, `data.${index}.shared_with`);
        values.push({
          companyId: device.companyId,
          deviceId: item.device_id,
          name: item.name,
          destinationIp: item.destination_ip,
          destinationPort: item.destination_port,
          protocol: item.protocol,
          credentialsRequired: item.credentials_required,
          sharedWith: item.shared_with ?? [],
          createdBy: auth.user.id,
        });
      }
      const ids = await rulesRepository.insertMany(values);
      const rows = await rulesRepository.findMany(auth, ids, now());
      const channel = await status.open(auth.user.id);
      await status.publishMany(
        channel,
        rows.map((row) => ({
          item: String(row.deviceId),
          update: { status: 'completed', value: `Remote access ${row.name} created` },
        })),
      );
      for (const row of rows) {
        await actionLog.record(actorOf(auth, ip), 'remote_access_create', {
          entity: 'remote_access',
          entityId: row.id,
          details: { device_id: row.deviceId, name: row.name, target: targetOf(row) },
        });
      }
      return { channel, data: rows.map(toAccessRule) };
    },

    async update(auth: AuthContext, id: number, body: UpdateAccessRuleBody, ip: string) {
      await requireRule(auth, id);
      const values: Partial<AccessRuleValues> = {};
      if (body.device_id !== undefined) {
        const device = await devicesRepository.findVisible(auth, body.device_id);
        if (!device) throw deviceNotFound('device_id');
        values.deviceId = device.id;
        values.companyId = device.companyId;
      }
      checkTarget(body.destination_ip, 'destination_ip');
      await checkSharing(auth, body.shared_with, 'shared_with');
      if (body.name !== undefined) values.name = body.name;
      if (body.destination_ip !== undefined) values.destinationIp = body.destination_ip;
      if (body.destination_port !== undefined) values.destinationPort = body.destination_port;
      if (body.protocol !== undefined) values.protocol = body.protocol;
      if (body.credentials_required !== undefined)
        values.credentialsRequired = body.credentials_required;
      if (body.shared_with !== undefined) values.sharedWith = body.shared_with;
      if (Object.keys(values).length) {
        await rulesRepository.update(id, values);
        await actionLog.record(actorOf(auth, ip), 'remote_access_update', {
          entity: 'remote_access',
          entityId: id,
          details: { ...values },
        });
      }
      const row = await requireRule(auth, id);
      const channel = await status.open(auth.user.id);
      await status.publishMany(channel, [
        {
          item: String(row.deviceId),
          update: { status: 'completed', value: `Remote access ${row.name} updated` },
        },
      ]);
      return { channel, data: toAccessRule(row) };
    },

    /** All or nothing: one id out of reach is a 404 naming it, and nothing is removed. */
    async remove(auth: AuthContext, ids: number[], ip: string) {
      const rows = await rulesRepository.findMany(auth, ids, now());
      const found = new Set(rows.map((row) => row.id));
      const index = ids.findIndex((id) => !found.has(id));
      if (index >= 0) throw ruleNotFound(`id.${index}`);
      // Links opened through a rule stop with it rather than outlive what allowed them.
      await deps.sessionsRepository.endOfRules(ids, 'access rule removed', now());
      await rulesRepository.removeMany(ids);
      const channel = await status.open(auth.user.id);
      await status.publishMany(
        channel,
        rows.map((row) => ({
          item: String(row.deviceId),
          update: { status: 'completed', value: `Remote access ${row.name} removed` },
        })),
      );
      for (const row of rows) {
        await actionLog.record(actorOf(auth, ip), 'remote_access_delete', {
          entity: 'remote_access',
          entityId: row.id,
          details: { device_id: row.deviceId, name: row.name, target: targetOf(row) },
        });
      }
      return { channel };
    },
  };
};

const targetOf = (row: { protocol: string; destinationIp: string; destinationPort: number }) =>
  `${row.protocol}://${row.destinationIp}:${row.destinationPort}`;

export type AccessRulesService = ReturnType<typeof createAccessRulesService>;
