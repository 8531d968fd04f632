import { CREDIT_CODE_AMOUNT_DIGITS, CREDIT_CODE_COMMENT_MAX } from '@netfleet/contracts';
import type { FormDefinition, FormValues } from '@/components/schema-form';
import { CREDIT_CODES_PATH, creditsKeys } from '../api/keys';
import { CREDIT_TEXTS } from '../texts';
import { COMPANY_PICKER, CREDIT_TYPE_NAME_FIELD, creditTypeBody } from './credit-type-field';

/**
 * POST /credits/codes (spec §5 Create code): the amount is reserved from the company's resources
 * until the code is activated or revoked. Only super admins choose the company ("From company");
 * everyone else gives their own company's.
 */
export const createCodeForm: FormDefinition = {
  name: 'create-code',
  title: CREDIT_TEXTS.createCode,
  item: 'code',
  verb: 'create',
  successMessage: CREDIT_TEXTS.codeCreated,
  permission: 'manage_credit_transfer_codes',
  method: 'POST',
  url: CREDIT_CODES_PATH,
  fields: [
    CREDIT_TYPE_NAME_FIELD,
    {
      key: 'amount',
      label: CREDIT_TEXTS.amount,
      type: 'number',
      required: true,
      min: 1,
      max: 10 ** CREDIT_CODE_AMOUNT_DIGITS - 1,
      step: 1,
    },
    {
      key: 'company_id',
      label: CREDIT_TEXTS.source,
      required: true,
      permission: 'super_admin',
      component: 'ItemSelect',
      props: COMPANY_PICKER,
    },
    {
      key: 'comment',
      label: CREDIT_TEXTS.comment,
      type: 'textarea',
      maxlength: CREDIT_CODE_COMMENT_MAX,
    },
  ],
  // company_id is absent from the values of users without super_admin (a hidden field).
  transform: (values: FormValues) => ({
    ...creditTypeBody(values.credit_type_name),
    amount: values.amount,
    ...(values.company_id ? { company_id: values.company_id } : {}),
    comment: typeof values.comment === 'string' && values.comment.trim() ? values.comment : null,
  }),
  invalidate: [creditsKeys.all],
};
