import { EMAIL_MAX_LENGTH } from '@netfleet/contracts';
import type { FieldDefinition } from '@/components/schema-form';
import { USERS_TEXTS as T } from '../texts';

/** Spec §5: the administration forms that name a user by e-mail all require it. */
export const emailField: FieldDefinition = {
  key: 'email',
  label: T.forms.email,
  type: 'email',
  required: true,
  maxlength: EMAIL_MAX_LENGTH,
};

/** A red warning at the top of a form whose action cannot be taken back (spec BaseAlert). */
export const warningField = (message: string): FieldDefinition => ({
  key: 'warning',
  component: 'BaseAlert',
  props: { color: 'red', title: T.forms.warning, message },
});
