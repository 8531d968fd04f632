import type { FormDefinition } from '@/components/schema-form';
import { COMPANIES_PATH, companiesKeys } from '../api/keys';
import { COMPANY_TEXTS } from '../texts';

const companyPicker = { endpoint: COMPANIES_PATH, labelKey: 'name', valueKey: 'id' };

/** POST /companies/move {source, target}; forms/move-company/{id} starts with that company. */
export const moveCompanyForm: FormDefinition = {
  name: 'move-company',
  title: COMPANY_TEXTS.moveCompany,
  item: COMPANY_TEXTS.items.company,
  verb: 'move',
  permission: 'manage_companies',
  method: 'POST',
  url: `${COMPANIES_PATH}/move`,
  fields: [
    {
      key: 'warning',
      component: 'BaseAlert',
      props: {
        color: 'yellow',
        title: COMPANY_TEXTS.warning,
        message: COMPANY_TEXTS.moveCompanyWarning,
      },
    },
    {
      key: 'source',
      label: COMPANY_TEXTS.company,
      required: true,
      component: 'ItemSelect',
      props: companyPicker,
      subtext: COMPANY_TEXTS.subsidiariesMove,
    },
    {
      key: 'target',
      label: COMPANY_TEXTS.newParent,
      required: true,
      component: 'ItemSelect',
      props: companyPicker,
    },
  ],
  initialValues: (id) => (id ? { source: Number(id) } : {}),
  invalidate: [companiesKeys.all],
};
