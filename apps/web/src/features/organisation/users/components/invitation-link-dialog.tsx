import { Alert, Button, CopyButton, Group, Stack, TextInput } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { sentInvitationSchema } from '@netfleet/contracts';
import type { z } from 'zod';
import { dialogs, useDialog } from '@/components/dialogs';
import { formatDateTime } from '@/components/data-table';
import { toast } from '@/components/toasts';
import type { ApiResponse } from '@/lib/api-client';
import { USERS_TEXTS as T } from '../texts';
import { actionSuccessMessage } from '@/lib/messages';

export const INVITATION_LINK_TEXTS = T.invitationLink;

// What the dialog needs of the answer; the rest of the invitation is the table's business.
const linkedSchema = sentInvitationSchema.pick({
  email: true,
  expires_at: true,
  invitation_link: true,
});
type LinkedInvitation = z.infer<typeof linkedSchema> & { invitation_link: string };

function InvitationLinkView({ invitation }: { invitation: LinkedInvitation }) {
  const dialog = useDialog();
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light">
        {INVITATION_LINK_TEXTS.noMail(invitation.email, formatDateTime(invitation.expires_at))}
      </Alert>
      <TextInput
        label={INVITATION_LINK_TEXTS.link}
        value={invitation.invitation_link}
        readOnly
        // Focus selects it, so Ctrl+C works from the keyboard as well as the button.
        onFocus={(event) => event.currentTarget.select()}
        data-autofocus
      />
      <Alert color="gray" variant="light">
        {INVITATION_LINK_TEXTS.once}
      </Alert>
      <Group justify="flex-end">
        <CopyButton value={invitation.invitation_link}>
          {({ copied, copy }) => (
            <Button
              variant="light"
              color={copied ? 'green' : undefined}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              onClick={copy}
            >
              {copied ? INVITATION_LINK_TEXTS.copied : INVITATION_LINK_TEXTS.copy}
            </Button>
          )}
        </CopyButton>
        <Button onClick={() => dialog?.close()}>{INVITATION_LINK_TEXTS.done}</Button>
      </Group>
    </Stack>
  );
}

/**
 * After inviting or sending again: the link to hand on when the server had no mail server to send
 * it with, else the usual success toast.
 */
export function announceInvitation(data: unknown): void {
  const parsed = linkedSchema.safeParse(data);
  const invitation = parsed.success ? parsed.data : null;
  if (!invitation?.invitation_link) {
    toast.success(actionSuccessMessage(T.items.invitation, 'send'));
    return;
  }
  const linked: LinkedInvitation = { ...invitation, invitation_link: invitation.invitation_link };
  dialogs.open({
    id: 'invitation-link',
    title: INVITATION_LINK_TEXTS.title,
    main: true,
    minimizable: false,
    content: <InvitationLinkView invitation={linked} />,
  });
}

/** For form definitions: the answer's data is the invitation. */
export const announceInvitationResponse = (response: ApiResponse<unknown>) =>
  announceInvitation(response.data);
