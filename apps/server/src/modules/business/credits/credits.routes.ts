import {
  addCreditsBodySchema,
  creditHistoryEntrySchema,
  creditHistoryQuerySchema,
  creditMoveHistoryQuerySchema,
  creditMoveSchema,
  creditPoolListQuerySchema,
  creditPoolSchema,
  creditSummaryQuerySchema,
  creditSummarySchema,
  creditTypeListSchema,
  creditTypeQuerySchema,
  emptySuccessSchema,
  listEnvelope,
  moveCreditsBodySchema,
  successEnvelope,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '@/plugins/auth';
import type { CreditsService } from './credits.service';

const tags = ['credits'];
const view = { permission: 'view_credits' } as const;

export const creditsRoutes: FastifyPluginAsyncZod<{ creditsService: CreditsService }> = async (
  app,
  { creditsService },
) => {
  app.get(
    '/api/credits/types',
    {
      config: view,
      schema: {
        tags,
        summary: 'Resource types the caller may use (super admins: free ones too)',
        querystring: creditTypeQuerySchema,
        response: { 200: successEnvelope(creditTypeListSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: creditsService.types(requireAuth(request), request.query.license_type),
    }),
  );

  app.get(
    '/api/credits',
    {
      config: view,
      schema: {
        tags,
        summary: 'Resource pools of the companies you see',
        querystring: creditPoolListQuerySchema,
        response: { 200: listEnvelope(creditPoolSchema) },
      },
    },
    async (request) => {
      const { data, total } = await creditsService.listPools(requireAuth(request), request.query);
      return { success: true as const, data, meta: { total } };
    },
  );

  app.get(
    '/api/credits/summary',
    {
      config: { permission: 'view_credits_summary' },
      schema: {
        tags,
        summary: "What a company has left of each resource type (default: the caller's company)",
        querystring: creditSummaryQuerySchema,
        response: { 200: successEnvelope(creditSummarySchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await creditsService.summary(requireAuth(request), request.query.company_id),
    }),
  );

  app.post(
    '/api/credits',
    {
      config: { permission: 'super_admin' },
      schema: {
        tags,
        summary: 'Add resources to a company (a new pool, recorded in the ledger)',
        body: addCreditsBodySchema,
        response: { 201: successEnvelope(creditPoolSchema) },
      },
    },
    async (request, reply) => {
      const pool = await creditsService.add(requireAuth(request), request.body);
      return reply.status(201).send({ success: true as const, data: pool });
    },
  );

  app.post(
    '/api/credits/move',
    {
      config: { permission: 'manage_credits' },
      schema: {
        tags,
        summary: 'Move resources between a company and one of its subsidiaries',
        body: moveCreditsBodySchema,
        response: { 200: emptySuccessSchema },
      },
    },
    async (request) => {
      await creditsService.move(requireAuth(request), request.body);
      return { success: true as const };
    },
  );

  app.get(
    '/api/credits/history',
    {
      config: view,
      schema: {
        tags,
        summary: 'The ledger: every movement of resources, newest first',
        querystring: creditHistoryQuerySchema,
        response: { 200: listEnvelope(creditHistoryEntrySchema) },
      },
    },
    async (request) => {
      const { data, total } = await creditsService.history(requireAuth(request), request.query);
      return { success: true as const, data, meta: { total } };
    },
  );

  app.get(
    '/api/credits/move/history',
    {
      config: view,
      schema: {
        tags,
        summary: 'Moves of resources between companies, newest first',
        querystring: creditMoveHistoryQuerySchema,
        response: { 200: listEnvelope(creditMoveSchema) },
      },
    },
    async (request) => {
      const { data, total } = await creditsService.moveHistory(requireAuth(request), request.query);
      return { success: true as const, data, meta: { total } };
    },
  );
};
