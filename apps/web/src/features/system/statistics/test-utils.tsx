// Test-only: the statistics page's route harness and answers.
import type { CurrentUser } from '@netfleet/contracts';
import type { MockHandler } from '@/test/mock-api';
import { ok } from '@/test/mock-api';
import { listOk, renderWithSession } from '@/test/render-route';
import { StatisticsPage } from './pages/statistics-page';

export { currentLocation, listOk } from '@/test/render-route';

export const WAIT = { timeout: 5000 };

export const queryOf = (url: unknown) =>
  Object.fromEntries(new URL(String(url), 'http://localhost').searchParams);

export const DEFAULT_API: Record<string, MockHandler> = {
  'GET /api/devices/statistics': () =>
    ok({
      status: { online: 3, offline: 1 },
      model: { RUT955: 4 },
      signal: { excellent: 2, no_signal: 2 },
      operator: {},
    }),
  'GET /api/statistics/devices/months': () =>
    listOk([
      { month: '2026-01', added: 2, connected: 1 },
      { month: '2026-02', added: 0, connected: 5 },
    ]),
  'GET /api/statistics/devices/unique': () =>
    listOk([
      { period: '2026-02-01', devices: 4 },
      { period: '2026-02-02', devices: 7 },
    ]),
  // RMS's period and company tree, with netfleet's samples beside them.
  'GET /api/statistics/devices/online': () =>
    ok({
      query_period: { start_date: '2026-02-02T00:00:00Z', end_date: '2026-02-03T00:00:00Z' },
      companies: [
        {
          company_id: 1,
          company_name: 'Acme',
          devices: { online: 2, offline: 1 },
          sub_companies: [],
        },
      ],
      samples: [
        { datetime: '2026-02-02T10:05:00Z', online: 2, total: 3 },
        { datetime: '2026-02-02T10:35:00Z', online: 3, total: 3 },
        { datetime: '2026-02-02T11:05:00Z', online: 2, total: 3 },
      ],
    }),
  'GET /api/devices/logs': () =>
    listOk([
      {
        id: 1,
        device_id: 12,
        code: 10,
        reason: null,
        message: 'Device has attempted to connect to the system',
        created_at: '2026-02-02T10:00:00Z',
      },
      {
        id: 2,
        device_id: 13,
        code: 7,
        reason: null,
        message: 'A device with identical serial but different MAC is already registered',
        created_at: '2026-02-02T09:00:00Z',
      },
    ]),
  'GET /api/devices/actions/logs': () =>
    listOk([
      {
        id: 5,
        device_id: 12,
        device_name: 'Gateway North',
        type: 'update_metrics_data',
        status: 'failed',
        args: {},
        progress: null,
        message: 'Device did not answer',
        result: null,
        user_id: 7,
        created_at: '2026-02-02T10:00:00Z',
        expires_at: '2026-02-03T10:00:00Z',
        sent_at: null,
        finished_at: null,
      },
    ]),
};

export function renderStatistics(
  user: CurrentUser,
  url = '/statistics/general',
  api: Record<string, MockHandler> = {},
) {
  return renderWithSession(<StatisticsPage />, {
    url,
    path: '/statistics/:tab?',
    user,
    api: { ...DEFAULT_API, ...api },
  });
}
