import { EMAIL_MAX_LENGTH } from '@netfleet/contracts';
import type { FieldDefinition } from '@/components/schema-form';

/** Spec §5: the administration forms that name a user by e-mail all require it. */
export const emailField: FieldDefinition = {
  key: 'email',
  label: 'Email',
  type: 'email',
  required: true,
  maxlength: EMAIL_MAX_LENGTH,
};
