import type { FormDefinition } from '@/components/schema-form';
import { emailField } from './email-field';

/** DELETE /suppressed-emails/{email}: the address is in the path, the request has no body. */
export const removeFromSuppressionListForm: FormDefinition = {
  name: 'remove-from-suppression-list',
  title: 'Remove from suppression list',
  item: 'email address',
  verb: 'remove',
  permission: 'manage_users',
  method: 'DELETE',
  url: (values) => `/suppressed-emails/${encodeURIComponent(String(values.email).trim())}`,
  transform: () => undefined,
  submitLabel: 'Remove',
  fields: [emailField],
};
