import {
  ALERT_CONFIG_LIST_FIELDS,
  alertConfigAddBodySchema,
  alertConfigEnvelopeSchema,
  alertConfigListEnvelopeSchema,
  alertConfigListQuerySchema,
  alertConfigUpdateSchema,
  alertsTokenBodySchema,
  DEVICE_ALERT_DETAIL_FIELDS,
  DEVICE_ALERT_FIELDS,
  deviceAlertChannelSchema,
  deviceAlertConfigParamsSchema,
  deviceAlertConfigsChannelQuerySchema,
  deviceAlertDetailEnvelopeSchema,
  deviceAlertFieldsQuerySchema,
  deviceAlertListEnvelopeSchema,
  deviceAlertListQuerySchema,
  emptySuccessSchema,
  ERROR_CODES,
  errorEnvelopeSchema,
  idSchema,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import { requireAuth } from '@/plugins/auth';
import { pickFields } from './device-alerts.mapper';
import type { AlertHistoryService } from './alert-history.service';
import type { DeviceAlertsService } from './device-alerts.service';

const alertTags = ['alerts'];
const configTags = ['alerts configurations'];
const view = { permission: 'view_device_alert_configurations' } as const;
const manage = { permission: 'manage_device_alert_configurations' } as const;
const params = z.object({ id: idSchema });
const failures = { 404: errorEnvelopeSchema, 422: errorEnvelopeSchema };
const channelAnswer = (channel: string | null) => ({ success: true as const, meta: { channel } });

/** 400 for a field the answer does not have (as email-configurations). */
const checkFields = (fields: readonly string[] | undefined, known: readonly string[]) => {
  const unknown = fields?.find((field) => !known.includes(field));
  if (unknown !== undefined) {
    throw new ApiError(
      400,
      ERROR_CODES.VALIDATION_ERROR,
      `Unknown field ${unknown}; fields: ${known.join(', ')}`,
      'fields',
    );
  }
};

/**
 * RMS alerts (routes 18–21: the alert history, device alerts and automation events) and alerts
 * configurations (routes 22–27).
 */
export const deviceAlertsRoutes: FastifyPluginAsyncZod<{
  deviceAlerts: DeviceAlertsService;
  alertHistory: AlertHistoryService;
}> = async (app, { deviceAlerts, alertHistory }) => {
  app.get(
    '/api/alerts',
    {
      config: view,
      schema: {
        tags: alertTags,
        summary:
          'Alert history in the companies you can see, newest first: alerts devices raised and the events of automations (source, kind, automation_id, automation_name)',
        querystring: deviceAlertListQuerySchema,
        response: { 200: deviceAlertListEnvelopeSchema },
      },
    },
    async (request) => {
      const { fields, fields_only: fieldsOnly } = request.query;
      checkFields(fields, DEVICE_ALERT_FIELDS);
      if (fieldsOnly) return { success: true as const, data: [...DEVICE_ALERT_FIELDS] };
      const { data, total } = await alertHistory.listAlerts(requireAuth(request), request.query);
      return {
        success: true as const,
        data: data.map((item) => pickFields(item, fields)),
        meta: { total },
      };
    },
  );

  app.post(
    '/api/alerts/token',
    {
      config: view,
      schema: {
        tags: alertTags,
        summary: 'Register a push token for your alerts',
        body: alertsTokenBodySchema,
        response: { 201: emptySuccessSchema, 422: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      await deviceAlerts.addToken(requireAuth(request), request.body.token);
      return reply.status(201).send({ success: true as const });
    },
  );

  app.get(
    '/api/alerts/:id',
    {
      config: view,
      schema: {
        tags: alertTags,
        summary: 'One alert (a list of one, as RMS answers)',
        params,
        querystring: deviceAlertFieldsQuerySchema,
        response: { 200: deviceAlertDetailEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const { fields, fields_only: fieldsOnly } = request.query;
      checkFields(fields, DEVICE_ALERT_DETAIL_FIELDS);
      if (fieldsOnly) return { success: true as const, data: [...DEVICE_ALERT_DETAIL_FIELDS] };
      const data = await alertHistory.getAlert(requireAuth(request), request.params.id);
      return { success: true as const, data: data.map((item) => pickFields(item, fields)) };
    },
  );

  app.delete(
    '/api/alerts/:id',
    {
      config: manage,
      schema: {
        tags: alertTags,
        summary: "Delete a device's alert (an automation's events are its log and stay)",
        params,
        response: { 200: emptySuccessSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => {
      await alertHistory.removeAlert(requireAuth(request), request.params.id);
      return { success: true as const };
    },
  );

  app.get(
    '/api/alerts-configurations',
    {
      config: view,
      schema: {
        tags: configTags,
        summary: 'Device alert configurations in the companies you can see',
        querystring: alertConfigListQuerySchema,
        response: { 200: alertConfigListEnvelopeSchema },
      },
    },
    async (request) => {
      const { fields, fields_only: fieldsOnly } = request.query;
      checkFields(fields, ALERT_CONFIG_LIST_FIELDS);
      if (fieldsOnly) return { success: true as const, data: [...ALERT_CONFIG_LIST_FIELDS] };
      const { data, total } = await deviceAlerts.listConfigs(requireAuth(request), request.query);
      return {
        success: true as const,
        data: data.map((item) => pickFields(item, fields)),
        meta: { total },
      };
    },
  );

  app.get(
    '/api/alerts-configurations/:id',
    {
      config: view,
      schema: {
        tags: configTags,
        summary: 'One device alert configuration',
        params,
        response: { 200: alertConfigEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await deviceAlerts.getConfig(requireAuth(request), request.params.id),
    }),
  );

  app.put(
    '/api/alerts-configurations/:id',
    {
      config: manage,
      schema: {
        tags: configTags,
        summary: 'Change a device alert configuration; the device gets its set again',
        params,
        body: alertConfigUpdateSchema,
        response: { 200: deviceAlertChannelSchema, ...failures },
      },
    },
    async (request) =>
      channelAnswer(
        await deviceAlerts.updateConfig(requireAuth(request), request.params.id, request.body),
      ),
  );

  app.get(
    '/api/devices/alerts-configurations',
    {
      config: view,
      schema: {
        tags: configTags,
        summary:
          "A status channel with a device's alert configuration set (device_id, or RMS's id, in the query; without: every device with configs)",
        querystring: deviceAlertConfigsChannelQuerySchema,
        response: { 200: deviceAlertChannelSchema, ...failures },
      },
    },
    async (request) =>
      channelAnswer(
        await deviceAlerts.deviceSetsChannel(
          requireAuth(request),
          request.query.device_id ?? request.query.id,
        ),
      ),
  );

  app.post(
    '/api/devices/alerts-configurations',
    {
      config: manage,
      schema: {
        tags: configTags,
        summary:
          'Add alert configurations to devices; each device gets its whole set as one job (SMS action 2 is refused)',
        body: alertConfigAddBodySchema,
        response: { 201: deviceAlertChannelSchema, ...failures },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(channelAnswer(await deviceAlerts.addConfigs(requireAuth(request), request.body))),
  );

  app.delete(
    '/api/devices/:device_id/alerts-configurations/:alert_id',
    {
      config: manage,
      schema: {
        tags: configTags,
        summary: 'Remove an alert configuration from a device; the device gets its set without it',
        params: deviceAlertConfigParamsSchema,
        response: { 200: deviceAlertChannelSchema, ...failures },
      },
    },
    async (request) =>
      channelAnswer(
        await deviceAlerts.removeConfig(
          requireAuth(request),
          request.params.device_id,
          request.params.alert_id,
        ),
      ),
  );
};
