import { List, Text } from '@mantine/core';
import { moveUsersPartialSchema, type User } from '@netfleet/contracts';
import { dialogs } from '@/components/dialogs';
import { SchemaForm } from '@/components/schema-form';
import { toast } from '@/components/toasts';
import type { ApiResponse } from '@/lib/api-client';
import { moveUsersFormFor } from '../forms/move-users';

type MovedUser = Pick<User, 'id' | 'email'>;

/** A 207 moved only some users: say which stayed and why (`source` is the user id). */
function warnAboutUnmoved(response: ApiResponse<unknown>, users: readonly MovedUser[]): void {
  const partial = moveUsersPartialSchema.safeParse(response);
  if (!partial.success || partial.data.errors.length === 0) return;
  const emailOf = (source: string | null | undefined) =>
    users.find((user) => String(user.id) === source)?.email ?? source ?? '';
  toast.warning(
    <>
      <Text size="sm">Some users were not moved:</Text>
      <List size="sm">
        {partial.data.errors.map((error) => (
          <List.Item key={`${error.source ?? ''}-${error.message}`}>
            {emailOf(error.source)}: {error.message}
          </List.Item>
        ))}
      </List>
    </>,
  );
}

/** The move-users form for rows of the table, as the main dialog. */
export function openMoveUsersDialog(users: readonly MovedUser[]): void {
  const ids = users.map((user) => user.id);
  const definition = moveUsersFormFor(ids);
  dialogs.open({
    id: `form.${definition.name}`,
    title: definition.title,
    main: true,
    content: (
      <SchemaForm
        definition={definition}
        initialValues={{ user_id: ids }}
        onSuccess={(response) => warnAboutUnmoved(response, users)}
      />
    ),
  });
}
