import type { FormDefinition } from '@/components/schema-form';
import { CREDIT_CODES_PATH, creditsKeys } from '../api/keys';
import { CREDIT_TEXTS } from '../texts';

/**
 * POST /credits/codes/activate (spec §5 Activate code): the code's resources move to the user's
 * company. A refused code comes back as a 422 on `code`, shown under the field.
 */
export const activateCodeForm: FormDefinition = {
  name: 'activate-code',
  title: CREDIT_TEXTS.activateCode,
  permission: 'activate_credit_transfer_codes',
  method: 'POST',
  url: `${CREDIT_CODES_PATH}/activate`,
  fields: [
    {
      key: 'code',
      label: CREDIT_TEXTS.code,
      required: true,
      maxlength: 64,
      placeholder: CREDIT_TEXTS.codePlaceholder,
    },
  ],
  submitLabel: CREDIT_TEXTS.activate,
  successMessage: CREDIT_TEXTS.activated,
  invalidate: [creditsKeys.all],
};
