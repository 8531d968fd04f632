import { Alert, Anchor, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { IMPERSONATION_REQUEST_GRANT_DAYS, pathForRouteName } from '@netfleet/contracts';
import { formatDateTime } from '@/components/data-table';
import { isApiError } from '@/lib/api-client';
import { useConfirmImpersonationAccess } from '../api/confirm-impersonation-access';

const FAILED = 'Failed to confirm impersonation access';

/**
 * The page of the mailed link: the signed-in user allows support to sign in as them for a week.
 * The request names no requester here (the mail did), so the text stays general.
 */
export function ConfirmImpersonationPage() {
  const { token = '' } = useParams();
  const confirm = useConfirmImpersonationAccess();
  const accountPath = pathForRouteName('account');

  if (confirm.isSuccess) {
    const until = confirm.data.impersonation_access_limit;
    return (
      <Container size="sm" py="md">
        <Card withBorder padding="lg">
          <Stack gap="sm" align="flex-start">
            <Group gap="xs">
              <IconCircleCheck color="var(--mantine-color-green-6)" />
              <Title order={3}>Impersonation access granted</Title>
            </Group>
            <Text>
              {until
                ? `Support can sign in as you until ${formatDateTime(until)}.`
                : 'Support can sign in as you.'}{' '}
              You can withdraw this access at any time from the account menu.
            </Text>
            {accountPath && (
              <Anchor component={Link} to={accountPath}>
                Go to your account
              </Anchor>
            )}
          </Stack>
        </Card>
      </Container>
    );
  }

  const error = confirm.isError
    ? isApiError(confirm.error)
      ? confirm.error.message
      : FAILED
    : null;
  return (
    <Container size="sm" py="md">
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Title order={3}>Confirm impersonation access</Title>
          <Text>
            A support user asked to sign in as you for {IMPERSONATION_REQUEST_GRANT_DAYS} days, to
            help you with your account. They will see and can change what you can. Confirm only if
            you expect this help.
          </Text>
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button
              onClick={() => confirm.mutate(token)}
              loading={confirm.isPending}
              disabled={token === ''}
            >
              Confirm
            </Button>
          </Group>
        </Stack>
      </Card>
    </Container>
  );
}
