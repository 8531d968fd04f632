import {
  asyncOperationAnswerSchema,
  companyFlagsBodySchema,
  companyListQuerySchema,
  companySchema,
  companyTreeNodeSchema,
  createCompanyBodySchema,
  idSchema,
  listEnvelope,
  moveCompanyBodySchema,
  successEnvelope,
  updateCompanyBodySchema,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listFieldPicker } from '@/lib/query-fields';
import { requireAuth } from '@/plugins/auth';
import type { CompaniesService } from './companies.service';

const tags = ['companies'];
const idParams = z.object({ id: idSchema });
const view = { permission: 'view_companies' } as const;
const manage = { permission: 'manage_companies' } as const;

/** The caller's company and, with access_child_companies, its subsidiaries; others answer 404. */
export const companiesRoutes: FastifyPluginAsyncZod<{
  companiesService: CompaniesService;
}> = async (app, { companiesService }) => {
  // Deletions outlive their request; closing waits for them so none writes to a closed pool.
  const deletionsInFlight = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(deletionsInFlight);
  });

  app.get(
    '/api/companies',
    {
      config: view,
      schema: {
        tags,
        summary: 'Companies you can see: your own and, if allowed, its subsidiaries',
        querystring: companyListQuerySchema,
        response: { 200: listEnvelope(companySchema.partial()) },
      },
    },
    async (request) => {
      const pick = listFieldPicker(companySchema, request.query.fields);
      const { data, total } = await companiesService.list(requireAuth(request), request.query);
      return { success: true as const, data: data.map(pick), meta: { total } };
    },
  );

  app.get(
    '/api/companies/tree',
    {
      config: view,
      schema: {
        tags,
        summary: 'The companies you can see in tree order, parents before their subsidiaries',
        response: { 200: listEnvelope(companyTreeNodeSchema) },
      },
    },
    async (request) => {
      const data = await companiesService.tree(requireAuth(request));
      return { success: true as const, data, meta: { total: data.length } };
    },
  );

  app.get(
    '/api/companies/:id',
    {
      config: view,
      schema: {
        tags,
        summary: 'One company',
        params: idParams,
        response: { 200: successEnvelope(companySchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await companiesService.get(requireAuth(request), request.params.id),
    }),
  );

  app.post(
    '/api/companies',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Create a subsidiary under a level 1 or 2 company',
        body: createCompanyBodySchema,
        response: { 201: successEnvelope(companySchema) },
      },
    },
    async (request, reply) => {
      const company = await companiesService.create(requireAuth(request), request.body, request.ip);
      return reply.status(201).send({ success: true as const, data: company });
    },
  );

  app.post(
    '/api/companies/move',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Move a company, with its subsidiaries, under another company',
        body: moveCompanyBodySchema,
        response: { 200: successEnvelope(companySchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await companiesService.move(requireAuth(request), request.body, request.ip),
    }),
  );

  app.put(
    '/api/companies/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Rename a company or change its contact e-mail',
        params: idParams,
        body: updateCompanyBodySchema,
        response: { 200: successEnvelope(companySchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await companiesService.update(
        requireAuth(request),
        request.params.id,
        request.body,
        request.ip,
      ),
    }),
  );

  app.put(
    '/api/companies/:id/flags',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Enforce MFA; payment settings (system administrators only)',
        params: idParams,
        body: companyFlagsBodySchema,
        response: { 200: successEnvelope(companySchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await companiesService.setFlags(
        requireAuth(request),
        request.params.id,
        request.body,
        request.ip,
      ),
    }),
  );

  app.delete(
    '/api/companies/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Delete a company with its subsidiaries and their users (asynchronous)',
        description:
          'Answers at once with a status channel; the deletion reports started, progress per ' +
          'deleted company, then completed or error, keyed by the company id.',
        params: idParams,
        response: { 200: asyncOperationAnswerSchema },
      },
    },
    async (request) => {
      const { channel, done } = await companiesService.startDelete(
        requireAuth(request),
        request.params.id,
        request.ip,
      );
      const tracked = done
        .catch((error: unknown) => request.log.error({ err: error }, 'company deletion failed'))
        .finally(() => deletionsInFlight.delete(tracked));
      deletionsInFlight.add(tracked);
      return { success: true as const, meta: { channel } };
    },
  );
};
