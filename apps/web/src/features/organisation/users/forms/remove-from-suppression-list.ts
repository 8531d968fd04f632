import type { FormDefinition } from '@/components/schema-form';
import { emailField } from './email-field';
import { USERS_TEXTS as T } from '../texts';

/** DELETE /suppressed-emails/{email}: the address is in the path, the request has no body. */
export const removeFromSuppressionListForm: FormDefinition = {
  name: 'remove-from-suppression-list',
  title: T.forms.removeFromSuppression,
  item: T.items.emailAddress,
  verb: 'remove',
  permission: 'manage_users',
  method: 'DELETE',
  url: (values) => `/suppressed-emails/${encodeURIComponent(String(values.email).trim())}`,
  transform: () => undefined,
  submitLabel: T.forms.remove,
  fields: [emailField],
};
