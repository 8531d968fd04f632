import { creditTypeById, type CreditTypeName } from '@netfleet/contracts';
import type { FieldDefinition } from '@/components/schema-form';
import { CREDIT_TYPES_PATH } from '../api/keys';
import { CREDIT_TEXTS } from '../texts';

/**
 * The resource type picker of the move and code forms. Its options are GET /credits/types, which
 * lists free and paid types to super admins and titles them for the user; an option's value is the
 * type id because a name alone cannot tell free from paid. The key stays `credit_type_name` so the
 * server's errors about it land under this field; `creditTypeBody` turns the id back into the body.
 */
export const CREDIT_TYPE_NAME_FIELD: FieldDefinition = {
  key: 'credit_type_name',
  label: CREDIT_TEXTS.type,
  required: true,
  component: 'ItemSelect',
  props: { endpoint: CREDIT_TYPES_PATH, labelKey: 'title', valueKey: 'id' },
};

/** `credit_type_name` and `payment_type` of the type the picker holds (its id). */
export function creditTypeBody(value: unknown): {
  credit_type_name?: CreditTypeName;
  payment_type?: 'free' | 'paid';
} {
  const type = creditTypeById(Number(value));
  return type ? { credit_type_name: type.name, payment_type: type.payment_type } : {};
}

/** Spec §5: company pickers list the companies the user can see. */
export const COMPANY_PICKER = { endpoint: '/companies', labelKey: 'name', valueKey: 'id' };
