import { CREDIT_CODE_COMMENT_MAX } from '@netfleet/contracts';
import type { FormDefinition, FormValues } from '@/components/schema-form';
import { getCreditCode } from '../api/get-credit-codes';
import { CREDIT_CODES_PATH, creditsKeys } from '../api/keys';
import { CREDIT_TEXTS } from '../texts';

/** PUT /credits/codes/{id}: only a code's comment can change. */
export const editCodeForm: FormDefinition = {
  name: 'edit-code',
  title: CREDIT_TEXTS.editComment,
  item: 'code',
  verb: 'update',
  successMessage: CREDIT_TEXTS.codeUpdated,
  permission: 'manage_credit_transfer_codes',
  method: 'PUT',
  url: (_values, id) => `${CREDIT_CODES_PATH}/${id}`,
  fields: [
    {
      key: 'comment',
      label: CREDIT_TEXTS.comment,
      type: 'textarea',
      maxlength: CREDIT_CODE_COMMENT_MAX,
    },
  ],
  // The codes table passes the row's comment; the form page (/forms/edit-code/{id}) asks for it.
  initialValues: async (id) => {
    const code = id ? await getCreditCode(id) : null;
    if (!code) throw new Error(CREDIT_TEXTS.codeNotFound);
    return { comment: code.comment };
  },
  transform: (values: FormValues) => ({
    comment: typeof values.comment === 'string' && values.comment.trim() ? values.comment : null,
  }),
  invalidate: [creditsKeys.all],
};
