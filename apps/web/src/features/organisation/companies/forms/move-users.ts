import type { FormDefinition, FormValues } from '@/components/schema-form';
import { COMPANIES_PATH, companiesKeys } from '../api/keys';
import { COMPANY_TEXTS } from '../texts';

/**
 * POST /users/move {user_id[], company_id}: the users of one company move to another. The source
 * company only narrows the user picker, so it is not sent. forms/move-users/{id} starts with that
 * company as the source.
 */
export const moveUsersForm: FormDefinition = {
  name: 'move-users',
  title: COMPANY_TEXTS.moveUsers,
  item: COMPANY_TEXTS.items.users,
  verb: 'move',
  permission: 'manage_users',
  method: 'POST',
  url: '/users/move',
  fields: [
    {
      key: 'source_company_id',
      label: COMPANY_TEXTS.fromCompany,
      required: true,
      component: 'ItemSelect',
      props: { endpoint: COMPANIES_PATH, labelKey: 'name', valueKey: 'id' },
      resets: ['user_id'],
    },
    {
      key: 'user_id',
      label: COMPANY_TEXTS.users,
      required: true,
      component: 'ItemSelect',
      props: {
        endpoint: '/users',
        labelKey: 'email',
        valueKey: 'id',
        multiple: true,
        queryFrom: { company_id: 'source_company_id' },
      },
      // Without a company the picker would offer every user of every visible company.
      depends: (values) => Boolean(values.source_company_id),
    },
    {
      key: 'company_id',
      label: COMPANY_TEXTS.moveToCompany,
      required: true,
      component: 'ItemSelect',
      props: { endpoint: COMPANIES_PATH, labelKey: 'name', valueKey: 'id' },
    },
  ],
  initialValues: (id) => (id ? { source_company_id: Number(id) } : {}),
  transform: ({ user_id, company_id }: FormValues) => ({ user_id, company_id }),
  invalidate: [companiesKeys.all],
};
