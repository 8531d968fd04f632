import type { AreaTable, RouteSpec } from '../matrix';

// Aggregates name no zone (counts only); their company scoping is tested in
// modules/statistics/statistics.test.ts.
const aggregate = (url: string): RouteSpec => ({
  permission: 'view_statistics',
  scope: 'global',
  ok: 200,
  build: async () => ({ url }),
});

export const statisticsRoutes: AreaTable = {
  'GET /api/statistics/devices/months': aggregate('/api/statistics/devices/months'),
  'GET /api/statistics/devices/unique': aggregate('/api/statistics/devices/unique'),
};
