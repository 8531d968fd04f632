import { List, Stack, Text } from '@mantine/core';
import { alertDialog, dialogs, type DialogOptions } from '@/components/dialogs';
import { SchemaForm, type FormDefinition } from '@/components/schema-form';
import { toast } from '@/components/toasts';
import type { ApiResponse } from '@/lib/api-client';
import { moveUsersOutcome, userEmails } from '../api/move-users-outcome';
import { moveUsersForm } from '../forms/move-users';
import { COMPANY_TEXTS } from '../texts';
import { actionSuccessMessage } from '@/lib/messages';

// The dialog reports the outcome itself: a 207 moved only some users.
const moveUsersInDialog: FormDefinition = { ...moveUsersForm, successMessage: false };

const userLabel = (emails: Record<string, string>, id: string | null): string =>
  (id ? emails[id] : undefined) ?? `#${id ?? '?'}`;

export async function reportMoveOutcome(response: ApiResponse<unknown>): Promise<void> {
  const { moved, refused } = moveUsersOutcome(response);
  if (refused.length === 0) {
    toast.success(actionSuccessMessage(COMPANY_TEXTS.items.users, 'move'));
    return;
  }
  toast.warning(COMPANY_TEXTS.movePartial(moved, moved + refused.length));
  const emails = await userEmails(refused.map((error) => error.source ?? ''));
  await alertDialog({
    title: COMPANY_TEXTS.moveErrorsTitle,
    message: (
      <Stack gap="xs">
        <Text size="sm">{COMPANY_TEXTS.movePartial(moved, moved + refused.length)}</Text>
        <List size="sm">
          {refused.map((error, index) => (
            <List.Item key={`${error.source ?? ''}-${index}`}>
              {userLabel(emails, error.source)}: {error.message}
            </List.Item>
          ))}
        </List>
      </Stack>
    ),
  });
}

/** Move users out of a company (spec: company dialogs, move users), reporting users that stayed. */
export function moveUsersDialog(companyId: number): DialogOptions {
  return {
    id: `form.${moveUsersForm.name}`,
    title: moveUsersForm.title,
    main: true,
    content: (
      <SchemaForm
        definition={moveUsersInDialog}
        initialValues={{ source_company_id: companyId }}
        onSuccess={(response) => void reportMoveOutcome(response)}
      />
    ),
  };
}

export function openMoveUsersDialog(companyId: number): void {
  dialogs.open(moveUsersDialog(companyId));
}
