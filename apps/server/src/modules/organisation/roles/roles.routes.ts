import {
  createRoleBodySchema,
  emptySuccessSchema,
  idSchema,
  listEnvelope,
  roleListQuerySchema,
  rolePermissionSchema,
  rolePermissionsQuerySchema,
  roleSchema,
  setRolePermissionsBodySchema,
  setRolePermissionsResultSchema,
  successEnvelope,
  updateRoleBodySchema,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '@/plugins/auth';
import type { RolesService } from './roles.service';

const tags = ['roles'];
const idParams = z.object({ id: idSchema });
const view = { permission: 'view_roles' } as const;
const manage = { permission: 'manage_roles' } as const;

/** Default roles are listed for everyone and never change; custom roles belong to a company. */
export const rolesRoutes: FastifyPluginAsyncZod<{ rolesService: RolesService }> = async (
  app,
  { rolesService },
) => {
  app.get(
    '/api/roles',
    {
      config: view,
      schema: {
        tags,
        summary: 'Default roles and the custom roles of the companies you can see',
        description:
          'With inviteable=true, only the roles you may give a user of company_id (default: ' +
          'your company), as the invite form lists them.',
        querystring: roleListQuerySchema,
        response: { 200: listEnvelope(roleSchema) },
      },
    },
    async (request) => {
      const { data, total } = await rolesService.list(requireAuth(request), request.query);
      return { success: true as const, data, meta: { total } };
    },
  );

  app.get(
    '/api/roles/:id',
    {
      config: view,
      schema: {
        tags,
        summary: 'One role',
        params: idParams,
        response: { 200: successEnvelope(roleSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await rolesService.get(requireAuth(request), request.params.id),
    }),
  );

  app.get(
    '/api/roles/:id/permissions',
    {
      config: { permission: 'view_permissions' },
      schema: {
        tags,
        summary: 'Every permission of the catalogue, with whether the role grants it',
        params: idParams,
        querystring: rolePermissionsQuerySchema,
        response: { 200: listEnvelope(rolePermissionSchema) },
      },
    },
    async (request) => {
      const data = await rolesService.permissions(
        requireAuth(request),
        request.params.id,
        request.query.q,
      );
      return { success: true as const, data, meta: { total: data.length } };
    },
  );

  app.post(
    '/api/roles',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Create a custom role granting some of your own permissions',
        body: createRoleBodySchema,
        // RMS answers 200 here, not 201.
        response: { 200: successEnvelope(roleSchema) },
      },
    },
    async (request) => {
      const role = await rolesService.create(requireAuth(request), request.body, request.ip);
      return { success: true as const, data: role };
    },
  );

  app.put(
    '/api/roles/permissions',
    {
      config: manage,
      schema: {
        tags,
        summary:
          "Replace a custom role's permissions (role_id: one role, or an array of roles given the same set)",
        body: setRolePermissionsBodySchema,
        response: { 200: successEnvelope(setRolePermissionsResultSchema) },
      },
    },
    async (request) => {
      const { role_id: roleId, permission_id: permissions } = request.body;
      const ids = Array.isArray(roleId) ? roleId : [roleId];
      const roles = await rolesService.setPermissions(
        requireAuth(request),
        ids,
        permissions,
        request.ip,
      );
      const [role] = roles;
      return { success: true as const, data: Array.isArray(roleId) || !role ? roles : role };
    },
  );

  app.put(
    '/api/roles/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: "Change a custom role's title, description or permissions",
        params: idParams,
        body: updateRoleBodySchema,
        response: { 200: successEnvelope(roleSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await rolesService.update(
        requireAuth(request),
        request.params.id,
        request.body,
        request.ip,
      ),
    }),
  );

  app.delete(
    '/api/roles/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Remove a custom role that no user has',
        params: idParams,
        response: { 200: emptySuccessSchema },
      },
    },
    async (request) => {
      await rolesService.remove(requireAuth(request), request.params.id, request.ip);
      return { success: true as const };
    },
  );
};
