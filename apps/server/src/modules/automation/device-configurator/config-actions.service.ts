import {
  CONFIG_JOB_EXPIRY_SECONDS,
  type ConfigActionKind,
  type ConfigActionListQuery,
  type ConfigLogListQuery,
  type ConfigRequest,
  type ConfigRollbackBody,
  type ConfigureBody,
  DEVICE_CONFIG_MESSAGES,
  DEVICE_CONFIGURATOR_MESSAGES,
  parseConfigPath,
  type ReadConfigurationBody,
  rollbackRequests,
  templateMisfit,
  templateProblems,
  type UseConfigTemplateBody,
} from '@netfleet/contracts';
import { invalid, notFound } from '@/lib/api-error';
import { randomToken } from '@/lib/crypto';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { DeviceJobsService } from '@/modules/fleet/device-jobs/device-jobs.service';
import { type ActionLogService, actorOf } from '@/modules/system/action-log/action-log.service';
import type { ConfigActionsRepository, ConfigTarget } from './config-actions.repository';
import { resultsOfJob, toActionDevice, toConfigAction, toConfigLogs } from './config-log-mapper';
import { maskRequest } from '@/lib/config-secrets';
import type { ConfigTemplatesService } from './config-templates.service';

/** What one action sends: per device, its requests (`config_set`) or paths (`config_get`). */
interface ActionOrder {
  kind: ConfigActionKind;
  deviceIds: number[];
  argsOf: (deviceId: number) => Record<string, unknown>;
  requests: ConfigRequest[];
  template?: { id: number; name: string };
  rollbackOf?: number;
}

interface Deps {
  repository: ConfigActionsRepository;
  templates: Pick<ConfigTemplatesService, 'requireTemplate'>;
  jobs: Pick<DeviceJobsService, 'createJobs'>;
  actionLog: Pick<ActionLogService, 'record'>;
}

/** Problems of requests on one device's model and firmware, as the message at its field. */
const modelProblem = (requests: readonly ConfigRequest[], device: ConfigTarget) => {
  const [problem] = templateProblems(requests, device.model, device.firmware);
  return problem ? `${device.model || 'Unknown model'}: ${problem.message}` : null;
};

/** Applying configuration to devices, reading it back, and undoing it; each is an action. */
export const createConfigActionsService = ({ repository, templates, jobs, actionLog }: Deps) => {
  /** The devices named, each one the caller sees; `source(i)` names the field of the i-th. */
  const requireTargets = async (
    auth: AuthContext,
    ids: readonly number[],
    source: (index: number) => string,
  ) => {
    const found = new Map(
      (await repository.targets(auth, ids)).map((device) => [device.id, device]),
    );
    return ids.map((id, index) => {
      const device = found.get(id);
      if (!device) throw invalid(DEVICE_CONFIGURATOR_MESSAGES.deviceNotFound, source(index));
      return device;
    });
  };

  const requireAction = async (auth: AuthContext, name: string) => {
    const row = await repository.find(auth, name);
    if (!row) throw notFound(DEVICE_CONFIGURATOR_MESSAGES.actionNotFound);
    return row;
  };

  const start = async (auth: AuthContext, order: ActionOrder, ip: string) => {
    const type = order.kind === 'read' ? 'config_get' : 'config_set';
    const created = await jobs.createJobs(auth, order.deviceIds, type, order.argsOf, {
      expiresInSeconds: CONFIG_JOB_EXPIRY_SECONDS,
    });
    if (!created.channel) {
      throw invalid(DEVICE_CONFIGURATOR_MESSAGES.deviceNotFound, 'device_id');
    }
    const name = `${order.kind}-${randomToken(20)}`;
    await repository.insert(
      {
        name,
        kind: order.kind,
        companyId: auth.company.id,
        userId: auth.user.id,
        templateId: order.template?.id ?? null,
        templateName: order.template?.name ?? null,
        rollbackOf: order.rollbackOf ?? null,
        // The devices' jobs carry the secrets they need; what the action keeps is shown to people.
        requests: order.requests.map(maskRequest),
        channel: created.channel,
      },
      created.jobs.map((job) => ({ deviceId: job.deviceId, jobId: job.id })),
    );
    if (order.kind !== 'read') {
      await actionLog.record(actorOf(auth, ip), 'device_configuration_apply', {
        entity: 'config_action',
        entityId: name,
        details: { kind: order.kind, devices: created.jobs.length, template: order.template?.name },
      });
    }
    return { channel: created.channel, actionName: name };
  };

  return {
    /** Model and firmware of the devices named (for the specification), each one the caller sees. */
    models: async (auth: AuthContext, ids: readonly number[]) =>
      (await requireTargets(auth, ids, (index) => `device_id.${index}`)).map(
        ({ model, firmware }) => ({ model, firmware }),
      ),

    async useTemplate(auth: AuthContext, id: number, body: UseConfigTemplateBody, ip: string) {
      const template = await templates.requireTemplate(auth, id);
      const targets = await requireTargets(auth, body.device_id, (index) => `device_id.${index}`);
      targets.forEach((device, index) => {
        const misfit =
          templateMisfit(
            {
              device_model: template.deviceModel,
              min_firmware: template.minFirmware,
              max_firmware: template.maxFirmware,
            },
            device,
          ) ?? modelProblem(template.requests, device);
        if (misfit) throw invalid(misfit, `device_id.${index}`);
      });
      return start(
        auth,
        {
          kind: 'template',
          deviceIds: targets.map((device) => device.id),
          argsOf: () => ({ requests: template.requests }),
          requests: template.requests,
          template: { id: template.id, name: template.name },
        },
        ip,
      );
    },

    /** RMS configure: each request names its devices; a device gets its requests in order. */
    async configure(auth: AuthContext, body: ConfigureBody, ip: string) {
      const requests = body.configuration.map((item): ConfigRequest => ({
        path: item.path,
        method: item.method,
        content_type: item.content_type,
        request_data: Array.isArray(item.request_data) ? {} : (item.request_data ?? {}),
      }));
      const badPath = requests.findIndex((request) => !parseConfigPath(request.path)?.section);
      if (badPath >= 0) {
        throw invalid(DEVICE_CONFIG_MESSAGES.badPath, `configuration.${badPath}.path`);
      }
      const [problem] = templateProblems(requests, null);
      if (problem)
        throw invalid(problem.message, problem.source.replace(/^template/, 'configuration'));
      const perDevice = new Map<number, ConfigRequest[]>();
      for (const [index, item] of body.configuration.entries()) {
        const request = requests[index] as ConfigRequest;
        const targets = await requireTargets(
          auth,
          item.device_id,
          (at) => `configuration.${index}.device_id.${at}`,
        );
        targets.forEach((device, at) => {
          const misfit = modelProblem([request], device);
          if (misfit) throw invalid(misfit, `configuration.${index}.device_id.${at}`);
          perDevice.set(device.id, [...(perDevice.get(device.id) ?? []), request]);
        });
      }
      return start(
        auth,
        {
          kind: 'configure',
          deviceIds: [...perDevice.keys()],
          argsOf: (deviceId) => ({ requests: perDevice.get(deviceId) ?? [] }),
          requests,
        },
        ip,
      );
    },

    /** RMS configuration values: a `config_get` of the endpoints' paths (all when none). */
    async read(auth: AuthContext, body: ReadConfigurationBody, ip: string) {
      await requireTargets(auth, [body.device_id], () => 'device_id');
      const paths = body.endpoints.map((endpoint, index) => {
        if (!parseConfigPath(endpoint.path)) {
          throw invalid('Use a path /<config> or /<config>/<section>', `endpoints.${index}.path`);
        }
        return endpoint.path;
      });
      return start(
        auth,
        {
          kind: 'read',
          deviceIds: [body.device_id],
          argsOf: () => ({ paths }),
          requests: paths.map((path) => ({
            path,
            method: 'get',
            content_type: 'application/json',
            request_data: {},
          })),
        },
        ip,
      );
    },

    /** Undoes what the action changed on the devices that completed it (all, or those named). */
    async rollback(auth: AuthContext, name: string, body: ConfigRollbackBody, ip: string) {
      const action = await requireAction(auth, name);
      if (action.kind === 'read') {
        throw invalid(DEVICE_CONFIGURATOR_MESSAGES.nothingToRollBack, null);
      }
      const { rows } = await repository.devicesOf(action.id, {
        limit: Number.MAX_SAFE_INTEGER,
        offset: 0,
        ...(body.device_id ? { deviceIds: body.device_id } : {}),
      });
      const inAction = new Set(rows.map((row) => row.deviceId));
      body.device_id?.forEach((id, index) => {
        if (!inAction.has(id))
          throw invalid(DEVICE_CONFIGURATOR_MESSAGES.deviceNotFound, `device_id.${index}`);
      });
      const undo = new Map(
        rows
          .filter((row) => row.status === 'completed')
          .map((row) => [row.deviceId, rollbackRequests(resultsOfJob(row))] as const)
          .filter(([, requests]) => requests.length > 0),
      );
      if (undo.size === 0) {
        throw invalid(
          DEVICE_CONFIGURATOR_MESSAGES.nothingToRollBack,
          body.device_id ? 'device_id' : null,
        );
      }
      const lists = [...undo.values()];
      const shared = lists.every((list) => JSON.stringify(list) === JSON.stringify(lists[0]));
      return start(
        auth,
        {
          kind: 'rollback',
          deviceIds: [...undo.keys()],
          argsOf: (deviceId) => ({ requests: undo.get(deviceId) ?? [] }),
          requests: shared ? (lists[0] ?? []) : [],
          rollbackOf: action.id,
          ...(action.templateId && action.templateName
            ? { template: { id: action.templateId, name: action.templateName } }
            : {}),
        },
        ip,
      );
    },

    async list(auth: AuthContext, query: ConfigActionListQuery) {
      const { rows, total } = await repository.list(auth, query);
      return { data: rows.map(toConfigAction), total };
    },

    get: async (auth: AuthContext, name: string) => toConfigAction(await requireAction(auth, name)),

    async devices(auth: AuthContext, name: string, page: ConfigLogListQuery) {
      const action = await requireAction(auth, name);
      const { rows, total } = await repository.devicesOf(action.id, page);
      return { data: rows.map(toActionDevice), total };
    },

    /** RMS configuration logs of a device (of one action when named), newest action first. */
    async logs(
      auth: AuthContext,
      deviceId: number,
      query: ConfigLogListQuery,
      actionName?: string,
    ) {
      await requireTargets(auth, [deviceId], () => 'id').catch(() => {
        throw notFound(DEVICE_CONFIGURATOR_MESSAGES.deviceNotFound);
      });
      const { rows, total } = await repository.actionsOfDevice(deviceId, {
        ...query,
        name: actionName,
      });
      return { data: rows.flatMap((row) => toConfigLogs(deviceId, row)), total };
    },
  };
};

export type ConfigActionsService = ReturnType<typeof createConfigActionsService>;
