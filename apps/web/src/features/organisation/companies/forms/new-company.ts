import {
  COMPANY_PARENT_LEVELS,
  COMPANY_NAME_MAX_LENGTH,
  COMPANY_NAME_MIN_LENGTH,
} from '@netfleet/contracts';
import type { FormDefinition } from '@/components/schema-form';
import { COMPANIES_PATH, companiesKeys } from '../api/keys';
import { COMPANY_TEXTS } from '../texts';
import { companyNameProblem } from './company-name';

/** Spec §5 New company: name (min 3) and a level 1 or 2 parent, POST /companies. */
export const newCompanyForm: FormDefinition = {
  name: 'new-company',
  title: COMPANY_TEXTS.newCompany,
  item: COMPANY_TEXTS.items.company,
  verb: 'create',
  permission: 'manage_companies',
  method: 'POST',
  url: COMPANIES_PATH,
  fields: [
    {
      key: 'name',
      label: COMPANY_TEXTS.name,
      required: true,
      minlength: COMPANY_NAME_MIN_LENGTH,
      maxlength: COMPANY_NAME_MAX_LENGTH,
    },
    {
      key: 'parent_id',
      label: COMPANY_TEXTS.parent,
      required: true,
      component: 'ItemSelect',
      // Only companies that may have subsidiaries are offered; the server checks it again.
      props: {
        endpoint: COMPANIES_PATH,
        labelKey: 'name',
        valueKey: 'id',
        query: { sort: 'name', level: COMPANY_PARENT_LEVELS.join(',') },
      },
      subtext: COMPANY_TEXTS.parentLevelHelp,
    },
  ],
  beforeSubmit: (values) => companyNameProblem(values.name),
  invalidate: [companiesKeys.all],
};
