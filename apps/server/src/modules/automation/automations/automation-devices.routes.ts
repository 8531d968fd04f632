import {
  automationDeviceListEnvelopeSchema,
  automationDeviceListQuerySchema,
  automationDevicesActivationBodySchema,
  automationDevicesBodySchema,
  automationsDevicesAssignBodySchema,
  automationsDevicesUnassignBodySchema,
  devicesAutomationsOverwriteBodySchema,
  emptySuccessSchema,
  errorEnvelopeSchema,
  idSchema,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '@/plugins/auth';
import type { AutomationDevicesService } from './automation-devices.service';

const tags = ['automations'];
const view = { permission: 'view_device_alert_configurations' } as const;
const manage = { permission: 'manage_device_alert_configurations' } as const;
const params = z.object({ id: idSchema });
const failures = { 404: errorEnvelopeSchema, 422: errorEnvelopeSchema };
const done = { success: true as const };

/** RMS automation devices (routes 9–11 and 13–17): assignments and the per-device switch. */
export const automationDevicesRoutes: FastifyPluginAsyncZod<{
  automationDevices: AutomationDevicesService;
}> = async (app, { automationDevices: service }) => {
  app.get(
    '/api/automations/:id/devices',
    {
      config: view,
      schema: {
        tags,
        summary: 'Devices an automation covers (assigned, or by its scope) with their counters',
        params,
        querystring: automationDeviceListQuerySchema,
        response: { 200: automationDeviceListEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const { data, total } = await service.list(
        requireAuth(request),
        request.params.id,
        request.query,
      );
      return { success: true as const, data, meta: { total } };
    },
  );

  app.put(
    '/api/automations/:id/devices',
    {
      config: manage,
      schema: {
        tags,
        summary: "Replace an automation's assigned devices (adds and removes by comparing)",
        params,
        body: automationDevicesBodySchema,
        response: { 200: emptySuccessSchema, ...failures },
      },
    },
    async (request) => {
      await service.replace(requireAuth(request), request.params.id, request.body);
      return done;
    },
  );

  app.delete(
    '/api/automations/:id/devices',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Remove assigned devices from an automation (JSON body, as RMS)',
        params,
        body: automationDevicesBodySchema,
        response: { 200: emptySuccessSchema, ...failures },
      },
    },
    async (request) => {
      await service.unassign(requireAuth(request), request.params.id, request.body);
      return done;
    },
  );

  app.put(
    '/api/automations/:id/devices/activation',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Enable or disable an automation for some of its devices',
        params,
        body: automationDevicesActivationBodySchema,
        response: { 200: emptySuccessSchema, ...failures },
      },
    },
    async (request) => {
      await service.activation(requireAuth(request), request.params.id, request.body);
      return done;
    },
  );

  app.put(
    '/api/automations/devices/assign',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Assign devices to automations',
        body: automationsDevicesAssignBodySchema,
        response: { 200: emptySuccessSchema, 422: errorEnvelopeSchema },
      },
    },
    async (request) => {
      await service.assignMany(requireAuth(request), request.body, true);
      return done;
    },
  );

  app.put(
    '/api/automations/devices/unassign',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Unassign devices from automations',
        body: automationsDevicesUnassignBodySchema,
        response: { 200: emptySuccessSchema, 422: errorEnvelopeSchema },
      },
    },
    async (request) => {
      await service.assignMany(requireAuth(request), request.body, false);
      return done;
    },
  );

  app.put(
    '/api/devices/automations/overwrite',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Per device, replace the automations it is assigned to (empty: none)',
        body: devicesAutomationsOverwriteBodySchema,
        response: { 200: emptySuccessSchema, 422: errorEnvelopeSchema },
      },
    },
    async (request) => {
      await service.overwriteDevices(requireAuth(request), request.body);
      return done;
    },
  );

  app.put(
    '/api/automations/devices/overwrite',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Per automation named, its assigned devices become the devices that list it',
        body: devicesAutomationsOverwriteBodySchema,
        response: { 200: emptySuccessSchema, 422: errorEnvelopeSchema },
      },
    },
    async (request) => {
      await service.overwriteAutomations(requireAuth(request), request.body);
      return done;
    },
  );
};
