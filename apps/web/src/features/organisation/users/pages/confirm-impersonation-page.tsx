import { Alert, Anchor, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { IMPERSONATION_REQUEST_GRANT_DAYS, pathForRouteName } from '@netfleet/contracts';
import { formatDateTime } from '@/components/data-table';
import { isApiError } from '@/lib/api-client';
import { useConfirmImpersonationAccess } from '../api/confirm-impersonation-access';
import { USERS_TEXTS } from '../texts';

const T = USERS_TEXTS.confirmImpersonation;

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
              <Title order={3}>{T.granted}</Title>
            </Group>
            <Text>
              {until ? T.until(formatDateTime(until)) : T.noLimit} {T.withdraw}
            </Text>
            {accountPath && (
              <Anchor component={Link} to={accountPath}>
                {T.toAccount}
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
      : T.failed
    : null;
  return (
    <Container size="sm" py="md">
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Title order={3}>{T.title}</Title>
          <Text>{T.request(IMPERSONATION_REQUEST_GRANT_DAYS)}</Text>
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
              {T.confirm}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Container>
  );
}
