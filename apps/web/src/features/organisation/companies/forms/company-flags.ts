import { PAYMENT_TYPES } from '@netfleet/contracts';
import type { FormDefinition } from '@/components/schema-form';
import { COMPANIES_PATH, companiesKeys } from '../api/keys';
import { COMPANY_TEXTS } from '../texts';
import { loadCompany } from './edit-company';

/** PUT /companies/{id}/flags: MFA for any company manager, payment settings for super_admin only. */
export const companyFlagsForm: FormDefinition = {
  name: 'company-flags',
  title: COMPANY_TEXTS.companyFlags,
  item: COMPANY_TEXTS.items.company,
  verb: 'update',
  permission: 'manage_companies',
  method: 'PUT',
  url: (_values, id) => `${COMPANIES_PATH}/${id}/flags`,
  fields: [
    {
      key: 'mfa_enforced',
      label: COMPANY_TEXTS.mfaEnforced,
      type: 'checkbox',
      subtext: COMPANY_TEXTS.mfaEnforcedHelp,
    },
    {
      key: 'show_payment',
      label: COMPANY_TEXTS.showPayment,
      type: 'checkbox',
      permission: 'super_admin',
    },
    {
      key: 'payment_type',
      label: COMPANY_TEXTS.paymentType,
      type: 'select',
      required: true,
      permission: 'super_admin',
      options: PAYMENT_TYPES.map((value) => ({
        value,
        label: COMPANY_TEXTS.paymentTypes[value],
      })),
    },
  ],
  initialValues: async (id) => {
    const company = await loadCompany(id);
    return {
      mfa_enforced: company.mfa_enforced,
      show_payment: company.show_payment,
      payment_type: company.payment_type,
    };
  },
  invalidate: [companiesKeys.all],
};
