import { Alert, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { actionFailureMessage, type PersonalAccessToken } from '@netfleet/contracts';
import { isApiError } from '@/lib/api-client';
import { useTokens } from '../api/get-tokens';
import { useRevokeToken } from '../api/revoke-token';
import { ACCOUNT_TEXTS } from '../texts';
import { CreateTokenModal } from './create-token-modal';
import { TokensTable } from './tokens-table';

function TokensBody({ onRevoke }: { onRevoke: (token: PersonalAccessToken) => void }) {
  const { data, isPending, isError, error, refetch } = useTokens();
  if (isPending) {
    return (
      <Center py="lg">
        <Loader size="sm" aria-label={ACCOUNT_TEXTS.tokensLabel} />
      </Center>
    );
  }
  if (isError) {
    return (
      <Alert color="red" variant="light" role="alert" title={ACCOUNT_TEXTS.tokensFailed}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{error.message}</Text>
          <Button size="xs" variant="light" onClick={() => void refetch()}>
            {ACCOUNT_TEXTS.retry}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (data.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg">
        {ACCOUNT_TEXTS.noTokens}
      </Text>
    );
  }
  return <TokensTable tokens={data} onRevoke={onRevoke} />;
}

export function TokensSection() {
  const [creating, setCreating] = useState(false);
  const revoke = useRevokeToken();

  const confirmRevoke = (token: PersonalAccessToken) =>
    modals.openConfirmModal({
      title: ACCOUNT_TEXTS.revokeToken,
      children: <Text size="sm">{ACCOUNT_TEXTS.revokeTokenConfirm(token.name)}</Text>,
      labels: { confirm: ACCOUNT_TEXTS.revoke, cancel: ACCOUNT_TEXTS.cancel },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revoke.mutate(token.id, {
          onSuccess: () =>
            notifications.show({ color: 'green', message: `Token "${token.name}" revoked` }),
          onError: (error) =>
            notifications.show({
              color: 'red',
              message: actionFailureMessage({
                item: 'token',
                verb: 'remove',
                serverMessage: isApiError(error) ? error.errors[0]?.message : null,
                statusText: isApiError(error) ? error.statusText : null,
              }),
            }),
        }),
    });

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="account-tokens">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4" id="account-tokens">
            {ACCOUNT_TEXTS.tokens}
          </Title>
          <Button onClick={() => setCreating(true)}>{ACCOUNT_TEXTS.createToken}</Button>
        </Group>
        <Text size="sm" c="dimmed">
          {ACCOUNT_TEXTS.tokensHelp}
        </Text>
        <TokensBody onRevoke={confirmRevoke} />
      </Stack>
      <CreateTokenModal opened={creating} onClose={() => setCreating(false)} />
    </Card>
  );
}
