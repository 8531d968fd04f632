import type { FormDefinition } from '@/components/schema-form';
import { emailField } from './email-field';
import { USERS_TEXTS as T } from '../texts';

/** The user becomes their company's only single-sign-on administrator. */
export const assignSsoAdministratorForm: FormDefinition = {
  name: 'assign-sso-administrator',
  title: T.forms.assignSso,
  item: T.items.ssoAdministrator,
  verb: 'assign',
  permission: 'manage_users',
  method: 'POST',
  url: '/admin/users/sso',
  submitLabel: T.forms.assign,
  fields: [emailField],
};
