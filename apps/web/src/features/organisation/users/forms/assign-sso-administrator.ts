import type { FormDefinition } from '@/components/schema-form';
import { emailField } from './email-field';

/** The user becomes their company's only single-sign-on administrator. */
export const assignSsoAdministratorForm: FormDefinition = {
  name: 'assign-sso-administrator',
  title: 'Assign SSO administrator',
  item: 'SSO administrator',
  verb: 'assign',
  permission: 'manage_users',
  method: 'POST',
  url: '/admin/users/sso',
  submitLabel: 'Assign',
  fields: [emailField],
};
