import {
  type ConfigAction,
  type ConfigActionDevice,
  type ConfigLog,
  configRequestSchema,
  type ConfigRequest,
  type ConfigResult,
  configSetResultSchema,
  type DeviceConfig,
  deviceConfigSchema,
  type DeviceJobState,
  diffConfigResults,
  readConfig,
  toApiDate,
  toApiDateOrNull,
} from '@netfleet/contracts';
import { z } from 'zod';
import { parseResultJson } from '@/modules/fleet/device-jobs/device-requests';
import type { ConfigActionRow } from './config-actions.repository';
import { maskChange, maskConfig, maskRequest, maskSection } from '@/lib/config-secrets';

/** What a device's job of an action holds: what was sent, and the device's answer. */
export interface ActionJob {
  args: Record<string, unknown> | null;
  status: DeviceJobState | null;
  message: string | null;
  result: string | null;
  sentAt: Date | null;
  finishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date | null;
}

const requestsSchema = z.object({ requests: z.array(configRequestSchema) });
const pathsSchema = z.object({ paths: z.array(z.string()) });

/** The requests a job carried: a `config_set`'s, or one `get` per path a `config_get` read. */
export const requestsOfJob = (args: ActionJob['args']): ConfigRequest[] => {
  const set = requestsSchema.safeParse(args);
  if (set.success) return set.data.requests;
  const get = pathsSchema.safeParse(args);
  const paths = get.success && get.data.paths.length ? get.data.paths : ['/'];
  return paths.map((path) => ({
    path,
    method: 'get',
    content_type: 'application/json',
    request_data: {},
  }));
};

/** The device's per-request results (a `config_set` answer), empty when it sent none. */
export const resultsOfJob = (job: Pick<ActionJob, 'result'>): ConfigResult[] => {
  const parsed = configSetResultSchema.safeParse(parseResultJson(job.result));
  return parsed.success ? parsed.data.results : [];
};

/** The values a `config_get` returned (secrets masked), or null. */
const valuesOfJob = (job: ActionJob): DeviceConfig | null => {
  if (job.status !== 'completed' || requestsSchema.safeParse(job.args).success) return null;
  const parsed = deviceConfigSchema.safeParse(parseResultJson(job.result));
  return parsed.success ? maskConfig(parsed.data) : null;
};

const DISCARDED = 'Not applied: another request of the same job was refused';

const seconds = (from: Date | null, to: Date | null) =>
  from && to ? Math.max(0, (to.getTime() - from.getTime()) / 1000) : 0;

export const toConfigAction = (row: ConfigActionRow): ConfigAction => ({
  name: row.name,
  kind: row.kind,
  company_id: row.companyId,
  template_id: row.templateId,
  template_name: row.templateName,
  rollback_of: row.rollbackOf,
  // Stored masked; rows from before masking may still hold a secret.
  requests: row.requests.map(maskRequest),
  user_email: row.userEmail,
  channel: row.channel,
  devices: row.devices,
  completed: row.completed,
  failed: row.failed,
  pending: row.pending,
  created_at: toApiDate(row.createdAt),
});

export const toActionDevice = (
  row: ActionJob & { deviceId: number; name: string; serial: string; model: string | null },
): ConfigActionDevice => ({
  device_id: row.deviceId,
  device_name: row.name,
  serial: row.serial,
  model: row.model ?? '',
  status: row.status ?? 'cancelled',
  message: row.message,
  // All or nothing: a device that refused one request applied none of them.
  changes: row.status === 'completed' ? diffConfigResults(resultsOfJob(row)).map(maskChange) : [],
  values: valuesOfJob(row),
  finished_at: toApiDateOrNull(row.finishedAt),
});

/** RMS configuration log rows of one device's action: one per request, with the device's answer. */
export const toConfigLogs = (
  deviceId: number,
  row: ActionJob & {
    actionName: string;
    kind: string;
    templateName: string | null;
    jobId: number | null;
  },
): ConfigLog[] => {
  const results = resultsOfJob(row);
  const values = valuesOfJob(row);
  const finished = row.status !== null && !['queued', 'sent', 'running'].includes(row.status);
  return requestsOfJob(row.args).map((request, index) => {
    const result = results[index];
    const read = values
      ? JSON.stringify(readConfig(values, request.path === '/' ? [] : [request.path]))
      : null;
    // A failed job applied nothing: its requests before the refused one were rolled back (409).
    const discarded = row.status !== 'completed' && result !== undefined && result.code < 400;
    const code = discarded
      ? 409
      : (result?.code ?? (row.status === 'completed' ? 200 : finished ? 500 : 0));
    return {
      device_id: deviceId,
      action_name: row.actionName,
      method: request.method.toUpperCase(),
      route: request.path,
      request_message: JSON.stringify(maskSection(request.request_data)),
      response_message: discarded
        ? DISCARDED
        : (result?.message ??
          (result
            ? JSON.stringify(result.after && maskSection(result.after))
            : (read ?? row.message ?? ''))),
      response_code: code,
      request_state: row.status ?? 'cancelled',
      duration: seconds(row.createdAt, row.finishedAt ?? row.updatedAt),
      execution_duration: seconds(row.sentAt, row.finishedAt),
      additional_information: row.message ?? '',
      created_at: toApiDate(row.createdAt),
      updated_at: toApiDate(row.updatedAt ?? row.createdAt),
      display_name: row.templateName ?? row.kind,
      request_hidden: 0,
      request_id: row.jobId ?? 0,
    };
  });
};
