import type { FormDefinition } from '@/components/schema-form';
import { emailField, warningField } from './email-field';
import { USERS_TEXTS as T } from '../texts';

/** DELETE /admin/users {email}; the server asks for your password first. */
export const deleteUserForm: FormDefinition = {
  name: 'delete-user',
  title: T.forms.deleteUser,
  item: T.items.user,
  verb: 'remove',
  permission: 'manage_users',
  method: 'DELETE',
  url: '/admin/users',
  submitLabel: T.forms.deleteUser,
  fields: [warningField(T.forms.deleteUserWarning), emailField],
};
