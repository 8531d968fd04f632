import type { User } from '@netfleet/contracts';
import { dialogs } from '@/components/dialogs';
import { SchemaForm } from '@/components/schema-form';
import { moveUsersFormFor } from '../forms/move-users';

/**
 * The move-users form for rows of the table, as the main dialog. A 207 (some users stayed) is
 * listed by e-mail in the submit's warning.
 */
export function openMoveUsersDialog(users: readonly Pick<User, 'id' | 'email'>[]): void {
  const definition = moveUsersFormFor(users);
  dialogs.open({
    id: `form.${definition.name}`,
    title: definition.title,
    main: true,
    content: (
      <SchemaForm definition={definition} initialValues={{ user_id: users.map((u) => u.id) }} />
    ),
  });
}
