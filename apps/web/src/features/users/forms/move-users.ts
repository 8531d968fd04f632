import type { FormDefinition } from '@/components/schema-form';

/**
 * POST /users/move: each user keeps its role, so the role must be assignable in the target
 * company. The canonical 'move-users' form; the users table opens it for the rows chosen there.
 */
export const moveUsersForm: FormDefinition = {
  name: 'move-users',
  title: 'Move users',
  item: 'users',
  verb: 'move',
  permission: 'manage_users',
  method: 'POST',
  url: '/users/move',
  submitLabel: 'Move',
  fields: [
    {
      key: 'user_id',
      label: 'Users',
      component: 'ItemSelect',
      required: true,
      props: { endpoint: '/users', labelKey: 'email', multiple: true },
    },
    {
      key: 'company_id',
      label: 'Target company',
      component: 'ItemSelect',
      required: true,
      props: { endpoint: '/companies', labelKey: 'name' },
    },
  ],
};

/**
 * The form for these users only: the picker lists just them (by `id`), so their e-mails show even
 * when they are not among the picker's first page of users.
 */
export function moveUsersFormFor(userIds: readonly number[]): FormDefinition {
  return {
    ...moveUsersForm,
    fields: moveUsersForm.fields.map((field) =>
      field.key === 'user_id'
        ? { ...field, props: { ...field.props, query: { id: userIds.join(',') } } }
        : field,
    ),
  };
}
