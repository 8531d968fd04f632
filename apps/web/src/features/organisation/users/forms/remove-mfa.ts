import type { FormDefinition } from '@/components/schema-form';
import { emailField } from './email-field';

/** The user signs in with the password alone afterwards; the server asks for your password. */
export const removeMfaForm: FormDefinition = {
  name: 'remove-mfa',
  title: 'Remove MFA',
  item: 'MFA',
  verb: 'remove',
  permission: 'manage_users',
  method: 'DELETE',
  url: '/admin/users/mfa',
  submitLabel: 'Remove MFA',
  fields: [emailField],
};
