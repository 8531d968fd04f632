import {
  emptySuccessSchema,
  idSchema,
  saveCredentialBodySchema,
  savedCredentialSchema,
  successEnvelope,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '@/plugins/auth';
import type { CredentialsService } from './credentials.service';

const tags = ['remote access'];
const params = z.object({ id: idSchema });
const url = '/api/devices/:id/connect/credentials';

/** The caller's own saved SSH/telnet login for a device; the secret never comes back. */
export const credentialsRoutes: FastifyPluginAsyncZod<{
  credentialsService: CredentialsService;
}> = async (app, { credentialsService }) => {
  app.get(
    url,
    {
      config: { permission: 'view_device_remote_access' },
      schema: {
        tags,
        summary: 'Which login you keep for the device (404 when none), without its secret',
        params,
        response: { 200: successEnvelope(savedCredentialSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await credentialsService.describe(requireAuth(request), request.params.id),
    }),
  );

  app.put(
    url,
    {
      config: { permission: 'manage_device_remote_access' },
      schema: {
        tags,
        summary: 'Keep a login for the device (a password or a private key), stored encrypted',
        params,
        body: saveCredentialBodySchema,
        response: { 200: successEnvelope(savedCredentialSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await credentialsService.put(
        requireAuth(request),
        request.params.id,
        request.body,
        request.ip,
      ),
    }),
  );

  app.delete(
    url,
    {
      config: { permission: 'manage_device_remote_access' },
      schema: {
        tags,
        summary: 'Forget the login you keep for the device',
        params,
        response: { 200: emptySuccessSchema },
      },
    },
    async (request) => {
      await credentialsService.remove(requireAuth(request), request.params.id, request.ip);
      return { success: true as const };
    },
  );
};
