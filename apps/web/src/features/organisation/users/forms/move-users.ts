import type { User } from '@netfleet/contracts';
import type { FormDefinition } from '@/components/schema-form';
import { USERS_TEXTS as T } from '../texts';

/**
 * POST /users/move: each user keeps its role, so the role must be assignable in the target
 * company. The canonical 'move-users' form; the users table opens it for the rows chosen there.
 */
export const moveUsersForm: FormDefinition = {
  name: 'move-users',
  title: T.forms.moveUsers,
  item: T.items.users,
  verb: 'move',
  permission: 'manage_users',
  method: 'POST',
  url: '/users/move',
  submitLabel: T.forms.move,
  // A 207 names each user that stayed by id.
  describeSource: (id) => T.forms.userNumber(id),
  fields: [
    {
      key: 'user_id',
      label: T.forms.users,
      component: 'ItemSelect',
      required: true,
      props: { endpoint: '/users', labelKey: 'email', multiple: true },
    },
    {
      key: 'company_id',
      label: T.forms.targetCompany,
      component: 'ItemSelect',
      required: true,
      props: { endpoint: '/companies', labelKey: 'name' },
    },
  ],
};

/**
 * The form for these users only: the picker lists just them (by `id`), so their e-mails show even
 * when they are not among the picker's first page of users; a 207 names them by e-mail too.
 */
export function moveUsersFormFor(users: readonly Pick<User, 'id' | 'email'>[]): FormDefinition {
  const userIds = users.map((user) => user.id);
  return {
    ...moveUsersForm,
    describeSource: (id) =>
      users.find((user) => String(user.id) === id)?.email ?? T.forms.userNumber(id),
    fields: moveUsersForm.fields.map((field) =>
      field.key === 'user_id'
        ? { ...field, props: { ...field.props, query: { id: userIds.join(',') } } }
        : field,
    ),
  };
}
