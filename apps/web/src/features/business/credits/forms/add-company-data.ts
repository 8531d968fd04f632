import { COMPANY_DATA_CREDITS_DIGITS } from '@netfleet/contracts';
import type { FormDefinition, FormValues } from '@/components/schema-form';
import { fetchCurrentUser } from '@/lib/current-user';
import { COMPANY_DATA_PATH, creditsKeys } from '../api/keys';
import { CREDIT_TEXTS } from '../texts';
import { COMPANY_PICKER } from './credit-type-field';

/** Spec §5: digits only; leading zeros are dropped, then 1 to 14 digits, so at least 1. */
const CREDITS_PATTERN = `0*[1-9][0-9]{0,${COMPANY_DATA_CREDITS_DIGITS - 1}}`;

/** The credits typed, leading zeros stripped (14 digits are exact as a number). */
export const creditsOf = (value: unknown): number => Number(String(value).replace(/^0+/, ''));

/**
 * POST /companies/data (spec §5 Add company data): the company's paid credits exchanged for
 * COMPANY_DATA_GB_PER_CREDIT GB each, after the spec's confirmation naming both amounts.
 */
export const addCompanyDataForm: FormDefinition = {
  name: 'add-company-data',
  title: CREDIT_TEXTS.addCompanyData,
  item: 'company data',
  verb: 'add',
  successMessage: CREDIT_TEXTS.companyDataAdded,
  permission: 'manage_credits',
  method: 'POST',
  url: COMPANY_DATA_PATH,
  fields: [
    {
      key: 'company_id',
      label: CREDIT_TEXTS.company,
      required: true,
      component: 'ItemSelect',
      props: COMPANY_PICKER,
    },
    {
      key: 'credits',
      label: CREDIT_TEXTS.credits,
      required: true,
      pattern: CREDITS_PATTERN,
      subtext: CREDIT_TEXTS.creditsHint,
    },
  ],
  // Most companies buy data for themselves.
  initialValues: async () => ({ company_id: (await fetchCurrentUser()).company_id }),
  transform: (values: FormValues) => ({
    company_id: values.company_id,
    credits: creditsOf(values.credits),
  }),
  confirm: (values: FormValues) => CREDIT_TEXTS.spendCreditsConfirm(creditsOf(values.credits)),
  invalidate: [creditsKeys.all],
};
