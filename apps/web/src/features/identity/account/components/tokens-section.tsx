import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { PersonalAccessToken } from '@netfleet/contracts';
import { isApiError } from '@/lib/api-client';
import { useTokens } from '../api/get-tokens';
import { useRevokeToken } from '../api/revoke-token';
import { ACCOUNT_ITEMS, ACCOUNT_TEXTS } from '../texts';
import { CreateTokenModal } from './create-token-modal';
import { QuerySectionBody } from './query-section-body';
import { TokensTable } from './tokens-table';
import { actionFailureMessage } from '@/lib/messages';

export function TokensSection() {
  const [creating, setCreating] = useState(false);
  const tokens = useTokens();
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
            notifications.show({ color: 'green', message: ACCOUNT_TEXTS.tokenRevoked(token.name) }),
          onError: (error) =>
            notifications.show({
              color: 'red',
              message: actionFailureMessage({
                item: ACCOUNT_ITEMS.token,
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
        <QuerySectionBody
          query={tokens}
          loadingLabel={ACCOUNT_TEXTS.tokensLabel}
          failedTitle={ACCOUNT_TEXTS.tokensFailed}
          emptyText={ACCOUNT_TEXTS.noTokens}
          isEmpty={(data) => data.length === 0}
        >
          {(data) => <TokensTable tokens={data} onRevoke={confirmRevoke} />}
        </QuerySectionBody>
      </Stack>
      <CreateTokenModal opened={creating} onClose={() => setCreating(false)} />
    </Card>
  );
}
