import type { FormDefinition } from '@/components/schema-form';
import { emailField } from './email-field';

/** DELETE /admin/users {email}; the server asks for your password first. */
export const deleteUserForm: FormDefinition = {
  name: 'delete-user',
  title: 'Delete user',
  item: 'user',
  verb: 'remove',
  permission: 'manage_users',
  method: 'DELETE',
  url: '/admin/users',
  submitLabel: 'Delete user',
  fields: [emailField],
};
