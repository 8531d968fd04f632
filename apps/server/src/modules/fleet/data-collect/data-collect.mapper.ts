import {
  type CustomDataRow,
  type DataCollectAssignment,
  type DataCollectConfig,
  type DataCollectFieldsTemplate,
  type DataCollectLog,
  toEndpointAnswer,
} from '@netfleet/contracts';
import { toApiDate, toApiDateOrNull } from '@/lib/dates';
import type { DataCollectConfigRow, DataCollectRepository } from './data-collect.repository';

type AssignedRow = Awaited<ReturnType<DataCollectRepository['listAssigned']>>['rows'][number];
type LogRow = Awaited<ReturnType<DataCollectRepository['listLogs']>>['rows'][number];
type CustomRow = Awaited<ReturnType<DataCollectRepository['customData']>>['rows'][number];

/** Days collected values are kept, as RMS reports a config's retention. */
export const DATA_COLLECT_RETENTION_DAYS = 30;

const variableCount = (row: Pick<DataCollectConfigRow, 'endpoints'>) =>
  row.endpoints.reduce((sum, endpoint) => sum + endpoint.variables.length, 0);

export const toConfig = (row: DataCollectConfigRow): DataCollectConfig => ({
  id: row.id,
  type: 'user',
  company_id: row.companyId,
  company_name: row.companyName,
  config: {
    id: row.id,
    name: row.name,
    description: row.description,
    type: 'user',
    version: String(row.version),
    retention: `${DATA_COLLECT_RETENTION_DAYS}d`,
    api_system: row.apiSystem,
    api_version: row.apiVersion,
    data_source: 'device_api',
    device_documentation_id: row.documentationId,
    data: row.endpoints.map(toEndpointAnswer),
  },
  enabled: row.enabled,
  period: row.period,
  device_count: row.deviceCount,
  created_at: toApiDate(row.createdAt),
  updated_at: toApiDate(row.updatedAt),
});

export const toAssignment = (row: AssignedRow): DataCollectAssignment => ({
  company_id: row.companyId,
  device_id: row.deviceId,
  config_id: row.configId,
  enabled: row.enabled,
  period: row.period,
  config_name: row.configName,
  config_description: row.configDescription,
  config_type: 'user',
  fields_count: variableCount(row),
  device_name: row.deviceName,
  device_description: row.deviceDescription,
  editable: true,
  last_updated_at: toApiDateOrNull(row.lastCollectedAt),
});

export const toLog = (row: LogRow): DataCollectLog => ({
  device_id: row.deviceId,
  device_name: row.deviceName,
  config_id: row.configId,
  log: row.lines,
  created_at: toApiDate(row.collectedAt),
});

export const toCustomData = (row: CustomRow): CustomDataRow => ({
  config_id: row.configId,
  data: row.data,
  created_at: toApiDate(row.collectedAt),
});

export const toFieldsTemplate = (row: DataCollectConfigRow): DataCollectFieldsTemplate => ({
  id: row.id,
  name: row.name,
  fields: row.endpoints.flatMap((endpoint) =>
    endpoint.variables.map((variable) => ({
      id: variable.id,
      url: endpoint.url,
      description: variable.description ?? null,
    })),
  ),
});
