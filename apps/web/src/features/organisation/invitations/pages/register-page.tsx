import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { InvitationDetails } from '@netfleet/contracts';
import { isApiError } from '@/lib/api-client';
import { loginPath, sessionHooks } from '@/lib/session-hooks';
import { useInvitation } from '../api/get-invitation';
import { StandaloneLayout } from '@/components/standalone-layout';
import { RegistrationForm } from '../components/registration-form';
import { INVITATIONS_TEXTS as TEXTS } from '../texts';

const isNotFound = (error: unknown) => isApiError(error) && error.status === 404;

/** A text's {{placeholders}} replaced by the given nodes (shown in bold), in the text's order. */
function withBold(text: string, values: Record<string, string>): ReactNode[] {
  return text.split(/(\{\{\w+\}\})/).map((part, index) => {
    const key = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
    return key !== undefined && key in values ? <strong key={index}>{values[key]}</strong> : part;
  });
}

/** 'You are invited to join Acme as Administrator by ada@example.com' (inviter if still known). */
function InvitationSummary({ invitation }: { invitation: InvitationDetails }) {
  const inviter = invitation.inviter_email;
  const values = { company: invitation.company_name, role: invitation.role_title };
  return (
    <Stack gap={4}>
      <Text data-testid="invitation-summary">
        {inviter === null
          ? withBold(TEXTS.invited, values)
          : withBold(TEXTS.invitedBy, { ...values, inviter })}
      </Text>
      {invitation.new_company && (
        <Text size="sm" c="dimmed">
          {TEXTS.newCompanyHelp(invitation.company_name)}
        </Text>
      )}
    </Stack>
  );
}

function NotFound() {
  return (
    <Stack gap="sm">
      <Alert color="red" variant="light" role="alert" title={TEXTS.notFound}>
        {TEXTS.notFoundHelp}
      </Alert>
      <Anchor component={Link} to={loginPath()} fw={500}>
        {TEXTS.toSignIn}
      </Anchor>
    </Stack>
  );
}

/**
 * /register/:token (standalone, public): the link of an invitation e-mail. Registering signs the
 * new user in, so the console is then loaded from scratch.
 */
export function RegisterPage() {
  const { token = '' } = useParams();
  const invitation = useInvitation(token);

  let content: ReactNode;
  if (token === '' || isNotFound(invitation.error)) {
    content = <NotFound />;
  } else if (invitation.isError) {
    content = (
      <Stack gap="sm">
        <Alert color="red" variant="light" role="alert" title={TEXTS.loadFailed}>
          {invitation.error.message}
        </Alert>
        <Group>
          <Button variant="default" onClick={() => void invitation.refetch()}>
            {TEXTS.retry}
          </Button>
        </Group>
      </Stack>
    );
  } else if (invitation.isPending) {
    content = (
      <Group gap="sm">
        <Loader size="sm" />
        <Text>{TEXTS.loading}</Text>
      </Group>
    );
  } else {
    content = (
      <Stack gap="md">
        <InvitationSummary invitation={invitation.data} />
        {/* A full load, not a router navigation: startup must pick up the new session. */}
        <RegistrationForm
          token={token}
          invitation={invitation.data}
          onRegistered={() => sessionHooks().redirect('/')}
        />
      </Stack>
    );
  }

  return <StandaloneLayout title={TEXTS.registerTitle}>{content}</StandaloneLayout>;
}
