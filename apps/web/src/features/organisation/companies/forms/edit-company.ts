import { COMPANY_NAME_MAX_LENGTH, COMPANY_NAME_MIN_LENGTH } from '@netfleet/contracts';
import type { FormDefinition, FormValues } from '@/components/schema-form';
import { getCompany } from '../api/get-company';
import { COMPANIES_PATH, companiesKeys } from '../api/keys';
import { COMPANY_TEXTS } from '../texts';
import { companyNameProblem } from './company-name';
import { MESSAGE_TEXTS } from '@/lib/messages';

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** Spec §5: saving the same name (and e-mail) again is refused before anything is sent. */
function unchanged(values: FormValues, initial: FormValues): boolean {
  return text(values.name) === text(initial.name) && text(values.email) === text(initial.email);
}

/** Edit form: the record id is required (forms/edit-company/{id}). */
export async function loadCompany(id: string | undefined) {
  if (!id) throw new Error(COMPANY_TEXTS.notFound);
  return getCompany(id);
}

/** RMS PUT /companies/{id}: name and contact e-mail; an empty e-mail clears it. */
export const editCompanyForm: FormDefinition = {
  name: 'edit-company',
  title: COMPANY_TEXTS.editCompany,
  item: COMPANY_TEXTS.items.company,
  verb: 'update',
  permission: 'manage_companies',
  method: 'PUT',
  url: (_values, id) => `${COMPANIES_PATH}/${id}`,
  fields: [
    {
      key: 'name',
      label: COMPANY_TEXTS.name,
      required: true,
      minlength: COMPANY_NAME_MIN_LENGTH,
      maxlength: COMPANY_NAME_MAX_LENGTH,
    },
    { key: 'email', label: COMPANY_TEXTS.email, type: 'email' },
  ],
  initialValues: async (id) => {
    const company = await loadCompany(id);
    return { name: company.name, email: company.email ?? '' };
  },
  beforeSubmit: (values, initial) =>
    unchanged(values, initial)
      ? MESSAGE_TEXTS.companyNameUnchanged
      : companyNameProblem(values.name),
  invalidate: [companiesKeys.all],
};
