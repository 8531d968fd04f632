// Test-only: the data collection pages' route harness (src/test/render-route), fixtures and the
// 'Action status' spy.
import { afterEach, beforeEach, vi } from 'vitest';
import type { DataCollectAssignment, DataCollectConfig, DataCollectLog } from '@netfleet/contracts';
import { registerActionStatus, type ActionStatusHandler } from '@/lib/action-status';

export { currentLocation, dialog, lastBody, listOk, renderWithSession } from '@/test/render-route';

export const actionStatusOpened = vi.fn<ActionStatusHandler>();
let unregister: (() => void) | undefined;

beforeEach(() => {
  unregister = registerActionStatus(actionStatusOpened);
});

afterEach(() => {
  unregister?.();
  actionStatusOpened.mockReset();
});

export function dataCollectConfig(overrides: Partial<DataCollectConfig> = {}): DataCollectConfig {
  return {
    id: 8,
    type: 'user',
    company_id: 3,
    company_name: 'Acme',
    config: {
      id: 8,
      name: 'Signal',
      description: 'Modem signal',
      type: 'user',
      version: '2',
      retention: '30d',
      api_system: 'rutos',
      api_version: '1.0',
      data_source: 'api',
      device_documentation_id: 1,
      data: [
        {
          url: '/modems/status',
          query_parameters: [{ key: 'id', value: ['1-1', '2-1'] }],
          url_params: {},
          variables: [
            {
              id: 'rsrp',
              filter: '$.http_body.data[@.primary=true].rsrp',
              type: 'number',
              transform: null,
              enum: null,
              default: null,
              ref: null,
              description: 'Signal power',
            },
            {
              id: 'operator',
              filter: '$.http_body.data[0].operator',
              type: 'string',
              transform: null,
            },
          ],
        },
      ],
    },
    enabled: true,
    period: 300,
    device_count: 2,
    created_at: '2026-11-20 10:00:00',
    updated_at: '2026-11-20 10:00:00',
    ...overrides,
  };
}

export function assignment(overrides: Partial<DataCollectAssignment> = {}): DataCollectAssignment {
  return {
    company_id: 3,
    device_id: 42,
    config_id: 8,
    enabled: true,
    period: 300,
    config_name: 'Signal',
    config_description: 'Modem signal',
    config_type: 'user',
    fields_count: 2,
    device_name: 'Depot router',
    device_description: null,
    editable: true,
    last_updated_at: '2026-11-20 12:00:00',
    ...overrides,
  };
}

export function collectLog(overrides: Partial<DataCollectLog> = {}): DataCollectLog {
  return {
    device_id: 42,
    device_name: 'Depot router',
    config_id: 8,
    log: [
      'Variable retrieval failed: url [/modems/status], id [rsrp], filter [$.http_body.data[@.primary=true].rsrp], no value found',
    ],
    created_at: '2026-11-20 12:05:00',
    ...overrides,
  };
}
