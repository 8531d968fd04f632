import {
  dataUsageSchema,
  datetimesQuerySchema,
  dateRangeQuerySchema,
  deviceLogSchema,
  deviceLogsQuerySchema,
  deviceStatisticsQuerySchema,
  deviceStatisticsAnswerSchema,
  idSchema,
  informationDatetimesSchema,
  informationHistoryQuerySchema,
  informationHistorySchema,
  informationParameterQuerySchema,
  informationParameterSchema,
  informationParamsSchema,
  informationReadingSchema,
  listEnvelope,
  ONLINE_STATISTICS_MAX_DAYS,
  locationSchema,
  onlineStatisticsQuerySchema,
  onlineStatisticsSchema,
  successEnvelope,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '@/plugins/auth';
import { type DeviceInfoService, rangeOf } from './device-info.service';

const idParams = z.object({ id: idSchema });
const view = { permission: 'view_devices' } as const;
const viewLogs = { permission: 'view_device_logs' } as const;
const LOG_FIELDS = Object.keys(deviceLogSchema.shape);
const logsResponse = z.union([
  listEnvelope(deviceLogSchema),
  z.object({ success: z.literal(true), data: z.array(z.string()) }),
]);
const list = <T>(data: T[]) => ({ success: true as const, data, meta: { total: data.length } });
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
        response: { 200: listEnvelope(informationReadingSchema) },
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
        summary:
          "The device as it was at datetime (default: now): RMS's flat row, every category's latest reading beside it",
        params: idParams,
        querystring: informationHistoryQuerySchema,
        response: {
          200: z.object({ success: z.literal(true), data: z.array(informationHistorySchema) }),
        },
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
        summary: 'One parameter (RMS name, key or category.key) as it was at datetime',
        params: idParams,
        querystring: informationParameterQuerySchema,
        response: { 200: listEnvelope(informationParameterSchema) },
      },
    },
    async (request) => {
      const { datetime, parameter } = request.query;
      const auth = requireAuth(request);
      return list(await info.parameter(auth, request.params.id, datetime, parameter));
    },
  );

  app.get(
    '/api/devices/:id/information-history/datetimes',
    {
      config: view,
      schema: {
        tags: ['information history'],
        summary: 'Times at which the device reported (at most limit), by day, most recent first',
        params: idParams,
        querystring: datetimesQuerySchema,
        response: {
          200: z.object({ success: z.literal(true), data: z.array(informationDatetimesSchema) }),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await info.datetimes(requireAuth(request), request.params.id, request.query.limit),
    }),
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
          "Device counts per value of each chart (charts=a,b), under the GET /devices filters; limit and offset page each chart's values, most common first",
        querystring: deviceStatisticsQuerySchema,
        response: { 200: deviceStatisticsAnswerSchema },
      },
    },
    async (request) => {
      const { data, total } = await info.statistics(
        requireAuth(request),
        request.query,
        request.query,
      );
      return { success: true as const, data, meta: { total } };
    },
  );

  app.get(
    '/api/statistics/devices/online',
    {
      config: { permission: 'view_statistics' },
      schema: {
        tags: ['statistics'],
        summary: `Online and total devices over time for a company (and its subsidiaries), at most ${ONLINE_STATISTICS_MAX_DAYS} days`,
        querystring: onlineStatisticsQuerySchema,
        response: { 200: successEnvelope(onlineStatisticsSchema) },
      },
    },
    async (request) => {
      const range = rangeOf(request.query, now());
      return {
        success: true as const,
        data: await info.online(requireAuth(request), request.query, range),
      };
    },
  );
};
