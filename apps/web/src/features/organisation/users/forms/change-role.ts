import type { FormDefinition } from '@/components/schema-form';
import { getUser } from '../api/get-user';
import { inviteableRoleField } from './invite-user';

/**
 * PUT /users/{id}/role. `company_id` is not a field: it is loaded with the user (or given by the
 * table) only so the role list holds the roles assignable in the user's company.
 */
export const changeRoleForm: FormDefinition = {
  name: 'change-role',
  title: 'Change role',
  item: 'user role',
  verb: 'update',
  permission: 'manage_users',
  method: 'PUT',
  url: (_values, id) => `/users/${encodeURIComponent(id ?? '')}/role`,
  submitLabel: 'Save',
  fields: [inviteableRoleField('role_id')],
  initialValues: async (id) => {
    if (!id) throw new Error('No user chosen');
    const user = await getUser(id);
    return { company_id: user.company_id, role_id: user.role_id };
  },
};
