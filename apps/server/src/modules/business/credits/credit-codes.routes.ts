import {
  activateCreditCodeAnswerSchema,
  activateCreditCodeBodySchema,
  createCreditCodeAnswerSchema,
  createCreditCodeBodySchema,
  creditCodeListQuerySchema,
  creditCodeSchema,
  emptySuccessSchema,
  idSchema,
  listEnvelope,
  successEnvelope,
  updateCreditCodeBodySchema,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '@/plugins/auth';
import type { CreditCodesService } from './credit-codes.service';

const tags = ['credits codes'];
const idParams = z.object({ id: idSchema });
const manage = { permission: 'manage_credit_transfer_codes' } as const;

export const creditCodesRoutes: FastifyPluginAsyncZod<{
  codesService: CreditCodesService;
}> = async (app, { codesService }) => {
  app.get(
    '/api/credits/codes',
    {
      config: { permission: 'view_credit_transfer_codes' },
      schema: {
        tags,
        summary: 'Codes made by the companies you see',
        querystring: creditCodeListQuerySchema,
        response: { 200: listEnvelope(creditCodeSchema) },
      },
    },
    async (request) => {
      const { data, total } = await codesService.list(requireAuth(request), request.query);
      return { success: true as const, data, meta: { total } };
    },
  );

  app.post(
    '/api/credits/codes',
    {
      config: manage,
      schema: {
        tags,
        summary:
          "Make a code; its credits leave the company's pools until it is activated or revoked",
        body: createCreditCodeBodySchema,
        response: { 201: createCreditCodeAnswerSchema },
      },
    },
    async (request, reply) => {
      const code = await codesService.create(requireAuth(request), request.body);
      return reply
        .status(201)
        .send({ success: true as const, data: code, meta: { credit_code: code.code } });
    },
  );

  app.post(
    '/api/credits/codes/activate',
    {
      config: { permission: 'activate_credit_transfer_codes' },
      schema: {
        tags,
        summary: "Activate a code: its credits join the caller's company (once)",
        body: activateCreditCodeBodySchema,
        response: { 200: activateCreditCodeAnswerSchema },
      },
    },
    async (request) => {
      const data = await codesService.activate(requireAuth(request), request.body.code, request.ip);
      const amount = data.reduce((sum, pool) => sum + pool.licence_count, 0);
      return { success: true as const, data, meta: { amount } };
    },
  );

  app.put(
    '/api/credits/codes/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: "Change a code's comment",
        params: idParams,
        body: updateCreditCodeBodySchema,
        response: { 200: successEnvelope(creditCodeSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await codesService.update(requireAuth(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/credits/codes/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Revoke an unused code; its credits return to the company that made it',
        params: idParams,
        response: { 200: emptySuccessSchema },
      },
    },
    async (request) => {
      await codesService.revoke(requireAuth(request), request.params.id);
      return { success: true as const };
    },
  );
};
