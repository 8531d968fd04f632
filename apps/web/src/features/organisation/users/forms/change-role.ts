import type { FormDefinition, FormValues } from '@/components/schema-form';
import { getUser } from '../api/get-user';
import { inviteableRoleField } from './invite-user';
import { USERS_TEXTS as T } from '../texts';

/**
 * PUT /users/{id}/role. `company_id` is not a field: it is loaded with the user (or given by the
 * table) only so the role list holds the roles assignable in the user's company.
 */
export const changeRoleForm: FormDefinition = {
  name: 'change-role',
  title: T.forms.changeRole,
  item: T.items.userRole,
  verb: 'update',
  permission: 'manage_users',
  method: 'PUT',
  url: (_values, id) => `/users/${encodeURIComponent(id ?? '')}/role`,
  submitLabel: T.forms.save,
  fields: [
    // Shown so the admin sees whose role changes; never sent.
    { key: 'email', label: T.forms.email, disabled: true, subtext: T.forms.emailFixed },
    inviteableRoleField('role_id'),
  ],
  initialValues: async (id) => {
    if (!id) throw new Error(T.forms.noUser);
    const user = await getUser(id);
    return { company_id: user.company_id, email: user.email, role_id: user.role_id };
  },
  transform: (values: FormValues) => ({ role_id: values.role_id }),
};
