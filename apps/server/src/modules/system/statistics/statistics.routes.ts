import {
  errorEnvelopeSchema,
  listEnvelope,
  monthStatisticSchema,
  statisticsRangeQuerySchema,
  uniqueDevicesQuerySchema,
  uniqueDevicesSampleSchema,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '@/plugins/auth';
import type { StatisticsService } from './statistics.service';

const tags = ['statistics'];
const view = { permission: 'view_statistics' } as const;
const list = <T>(data: T[]) => ({ success: true as const, data, meta: { total: data.length } });
const SCOPE =
  'Devices of company_id (default: yours) and, unless include_child_companies=false, of its ' +
  'subsidiaries you can see. Periods start at midnight in timezone (IANA, default UTC).';

export const statisticsRoutes: FastifyPluginAsyncZod<{
  statisticsService: StatisticsService;
}> = async (app, { statisticsService }) => {
  app.get(
    '/api/statistics/devices/months',
    {
      config: view,
      schema: {
        tags,
        summary: 'Devices added and devices connected per month (default: the last 12 months)',
        description: SCOPE,
        querystring: statisticsRangeQuerySchema,
        response: {
          200: listEnvelope(monthStatisticSchema),
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request) => list(await statisticsService.months(requireAuth(request), request.query)),
  );

  app.get(
    '/api/statistics/devices/unique',
    {
      config: view,
      schema: {
        tags,
        summary: 'Distinct devices that connected per day or month (default: the last 30 days)',
        description: SCOPE,
        querystring: uniqueDevicesQuerySchema,
        response: {
          200: listEnvelope(uniqueDevicesSampleSchema),
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request) => list(await statisticsService.unique(requireAuth(request), request.query)),
  );
};
