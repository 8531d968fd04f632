import {
  dataUsageSchema,
  datetimesQuerySchema,
  dateRangeQuerySchema,
  deviceListQuerySchema,
  deviceLogSchema,
  deviceLogsQuerySchema,
  deviceStatisticsSchema,
  idSchema,
  informationHistoryQuerySchema,
  informationHistorySchema,
  informationParameterQuerySchema,
  informationParameterSchema,
  informationParamsSchema,
  listEnvelope,
  ONLINE_STATISTICS_MAX_DAYS,
  locationSchema,
  onlineSampleSchema,
  onlineStatisticsQuerySchema,
  readingSchema,
  successEnvelope,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '@/plugins/auth';
import { type DeviceInfoService, rangeOf } from './device-info.service';

const idParams = z.object({ id: idSchema });
const view = { permission: 'view_devices' } as const;
const viewLogs = { permission: 'view_device_logs' } as const;
const LOG_FIELDS = ['id', 'device_id', 'code', 'reason', 'message', 'created_at'];
const logsResponse = z.union([
  listEnvelope(deviceLogSchema),
  z.object({ success: z.literal(true), data: z.array(z.string()) }),
]);
const list = <T>(data: T[]) => ({ success: true as const, data, meta: { total: data.length } });
const charts = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .optional();

export const devicesReadRoutes: FastifyPluginAsyncZod<{
  deviceInfoService: DeviceInfoService;
  now: () => Date;
}> = async (app, { deviceInfoService: info, now }) => {
  app.get(
    '/api/devices/logs',
    {
      config: viewLogs,
      schema: {
        tags: ['device logs'],
        summary: 'Connection logs of every device you can see, newest first',
        querystring: deviceLogsQuerySchema,
        response: { 200: logsResponse },
      },
    },
    async (request) => {
      if (request.query.fields_only) return { success: true as const, data: LOG_FIELDS };
      const { data, total } = await info.logs(requireAuth(request), null, request.query);
      return { success: true as const, data, meta: { total } };
    },
  );

  app.get(
    '/api/devices/:id/logs',
    {
      config: viewLogs,
      schema: {
        tags: ['device logs'],
        summary: 'Connection log of one device (spec §8 codes and messages), newest first',
        params: idParams,
        querystring: deviceLogsQuerySchema,
        response: { 200: logsResponse },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { data, total } = await info.logs(auth, request.params.id, request.query);
      if (request.query.fields_only) return { success: true as const, data: LOG_FIELDS };
      return { success: true as const, data, meta: { total } };
    },
  );

  app.get(
    '/api/devices/:id/information/:type',
    {
      config: view,
      schema: {
        tags: ['device graph'],
        summary:
          'Readings of one category over a range (default: last 24 h), thinned to 1000 points',
        params: informationParamsSchema,
        querystring: dateRangeQuerySchema,
        response: { 200: listEnvelope(readingSchema) },
      },
    },
    async (request) => {
      const { id, type } = request.params;
      const range = rangeOf(request.query, now());
      return list(await info.information(requireAuth(request), id, type, range));
    },
  );

  app.get(
    '/api/devices/:id/information-history',
    {
      config: view,
      schema: {
        tags: ['information history'],
        summary: 'The latest reading of every category at or before datetime (default: now)',
        params: idParams,
        querystring: informationHistoryQuerySchema,
        response: { 200: successEnvelope(informationHistorySchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await info.history(requireAuth(request), request.params.id, request.query.datetime),
    }),
  );

  app.get(
    '/api/devices/:id/information-history/parameter',
    {
      config: view,
      schema: {
        tags: ['information history'],
        summary: 'One parameter (key or category.key) as it was at datetime',
        params: idParams,
        querystring: informationParameterQuerySchema,
        response: { 200: successEnvelope(informationParameterSchema) },
      },
    },
    async (request) => {
      const { datetime, parameter } = request.query;
      const auth = requireAuth(request);
      return {
        success: true as const,
        data: await info.parameter(auth, request.params.id, datetime, parameter),
      };
    },
  );

  app.get(
    '/api/devices/:id/information-history/datetimes',
    {
      config: view,
      schema: {
        tags: ['information history'],
        summary: 'Times at which the device reported, most recent first',
        params: idParams,
        querystring: datetimesQuerySchema,
        response: { 200: listEnvelope(z.string()) },
      },
    },
    async (request) =>
      list(await info.datetimes(requireAuth(request), request.params.id, request.query.limit)),
  );

  app.get(
    '/api/devices/:id/data-usage',
    {
      config: view,
      schema: {
        tags: ['data usage'],
        summary: 'Bytes per day, modem and SIM (default: last 24 h)',
        params: idParams,
        querystring: dateRangeQuerySchema,
        response: { 200: listEnvelope(dataUsageSchema) },
      },
    },
    async (request) => {
      const range = rangeOf(request.query, now());
      return list(await info.dataUsage(requireAuth(request), request.params.id, range));
    },
  );

  app.get(
    '/api/devices/:id/locations/history',
    {
      config: view,
      schema: {
        tags: ['device locations'],
        summary: 'GPS positions over a range (default: last 24 h)',
        params: idParams,
        querystring: dateRangeQuerySchema,
        response: { 200: listEnvelope(locationSchema) },
      },
    },
    async (request) => {
      const range = rangeOf(request.query, now());
      return list(await info.locations(requireAuth(request), request.params.id, range));
    },
  );

  app.get(
    '/api/devices/statistics',
    {
      config: view,
      schema: {
        tags: ['statistics'],
        summary:
          'Device counts per value of each chart (charts=a,b), under the GET /devices filters',
        querystring: deviceListQuerySchema.extend({ charts }),
        response: { 200: successEnvelope(deviceStatisticsSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await info.statistics(requireAuth(request), request.query, request.query),
    }),
  );

  app.get(
    '/api/statistics/devices/online',
    {
      config: { permission: 'view_statistics' },
      schema: {
        tags: ['statistics'],
        summary: `Online and total devices over time for a company (and its subsidiaries), at most ${ONLINE_STATISTICS_MAX_DAYS} days`,
        querystring: onlineStatisticsQuerySchema,
        response: { 200: listEnvelope(onlineSampleSchema) },
      },
    },
    async (request) => {
      const range = rangeOf(request.query, now());
      return list(await info.online(requireAuth(request), request.query, range));
    },
  );
};
