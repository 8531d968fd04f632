import {
  emptySuccessSchema,
  ERROR_CODES,
  errorEnvelopeSchema,
  idSchema,
  listEnvelope,
  listQuerySchema,
  moveUsersBodySchema,
  moveUsersPartialSchema,
  moveUsersResultSchema,
  successEnvelope,
  updateUserRoleBodySchema,
  userDetailSchema,
  userListEnvelopeSchema,
  userListQuerySchema,
  userMoveLogSchema,
  userSchema,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listFieldPicker } from '@/lib/query-fields';
import { requireAuth } from '@/plugins/auth';
import type { UserMovesService } from './user-moves.service';
import type { UsersService } from './users.service';

export interface UsersRoutesOptions {
  usersService: UsersService;
  userMovesService: UserMovesService;
}

const tags = ['users'];
const userParams = z.object({ id: idSchema });

export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (
  app,
  { usersService, userMovesService },
) => {
  app.get(
    '/api/users',
    {
      config: { permission: 'view_users' },
      schema: {
        tags,
        summary:
          'Users of your company (and its subsidiaries with access_child_companies); role is a role name or id',
        querystring: userListQuerySchema,
        response: { 200: userListEnvelopeSchema },
      },
    },
    async (request) => {
      const pick = listFieldPicker(userSchema, request.query.fields);
      const { data, total } = await usersService.list(requireAuth(request), request.query);
      return { success: true as const, data: data.map(pick), meta: { total, _total: total } };
    },
  );

  app.get(
    '/api/users/move-logs',
    {
      config: { permission: 'view_user_move_logs' },
      schema: {
        tags,
        summary: 'Who moved which user between companies, for moves out of or into your companies',
        querystring: listQuerySchema,
        response: { 200: listEnvelope(userMoveLogSchema) },
      },
    },
    async (request) => {
      const { data, total } = await userMovesService.listLogs(requireAuth(request), request.query);
      return { success: true as const, data, meta: { total } };
    },
  );

  app.get(
    '/api/users/:id',
    {
      config: { permission: 'view_users' },
      schema: {
        tags,
        summary: 'One user',
        params: userParams,
        response: { 200: successEnvelope(userDetailSchema) },
      },
    },
    async (request) => {
      const data = await usersService.get(requireAuth(request), request.params.id);
      return { success: true as const, data };
    },
  );

  app.delete(
    '/api/users/:id',
    {
      config: { permission: 'manage_users' },
      schema: {
        tags,
        summary: 'Delete a user (not yourself; a system administrator only by another one)',
        params: userParams,
        response: { 200: emptySuccessSchema },
      },
    },
    async (request) => {
      await usersService.remove(requireAuth(request), request.params.id, request.ip);
      return { success: true as const };
    },
  );

  app.put(
    '/api/users/:id/role',
    {
      config: { permission: 'manage_users' },
      schema: {
        tags,
        summary: "Change a user's role to one you may assign in the user's company",
        params: userParams,
        body: updateUserRoleBodySchema,
        response: { 200: successEnvelope(userDetailSchema) },
      },
    },
    async (request) => {
      const data = await usersService.changeRole(
        requireAuth(request),
        request.params.id,
        request.body.role_id,
        request.ip,
      );
      return { success: true as const, data };
    },
  );

  app.post(
    '/api/users/move',
    {
      config: { permission: 'manage_users' },
      schema: {
        tags,
        summary:
          'Move users to another company; each keeps its role, so the role must be assignable there. 207 when only some moved: errors[].source is the user id',
        body: moveUsersBodySchema,
        response: {
          200: successEnvelope(moveUsersResultSchema),
          207: moveUsersPartialSchema,
          404: errorEnvelopeSchema,
          422: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const { moved, errors } = await userMovesService.move(
        requireAuth(request),
        request.body,
        request.ip,
      );
      if (errors.length === 0) return { success: true as const, data: { moved } };
      if (moved.length > 0) {
        return reply.code(207).send({ success: true as const, data: { moved }, errors });
      }
      // Nothing moved: "not found" only when no user was found at all, like a single lookup.
      const status = errors.every((error) => error.code === ERROR_CODES.NOT_FOUND) ? 404 : 422;
      return reply.code(status).send({ success: false as const, errors });
    },
  );
};
