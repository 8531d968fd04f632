import type { FormDefinition } from '@/components/schema-form';
import { emailField, warningField } from './email-field';
import { USERS_TEXTS as T } from '../texts';

/** The user signs in with the password alone afterwards; the server asks for your password. */
export const removeMfaForm: FormDefinition = {
  name: 'remove-mfa',
  title: T.forms.removeMfa,
  item: T.items.mfa,
  verb: 'remove',
  permission: 'manage_users',
  method: 'DELETE',
  url: '/admin/users/mfa',
  submitLabel: T.forms.removeMfa,
  fields: [warningField(T.forms.removeMfaWarning), emailField],
};
