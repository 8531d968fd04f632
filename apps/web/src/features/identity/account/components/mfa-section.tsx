import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { confirmDialog } from '@/components/dialogs';
import { toast } from '@/components/toasts';
import { isApiError } from '@/lib/api-client';
import { useDisableMfa } from '../api/disable-mfa';
import { useMfaStatus } from '../api/get-mfa-status';
import { ACCOUNT_ITEMS, MFA_METHOD_LABELS, MFA_NOT_ENABLED, MFA_SECTION_TEXTS } from '../texts';
import { startMfaSetup, type MfaMethodChoice } from './mfa-setup';
import { QuerySectionBody } from './query-section-body';
import { actionFailureMessage } from '@/lib/messages';

/** The caller's second factor: which one, set up another, or turn it off (spec §6 MFA types). */
export function MfaSection() {
  const status = useMfaStatus();
  const disable = useDisableMfa();
  const [starting, setStarting] = useState<MfaMethodChoice | null>(null);

  const start = async (method: MfaMethodChoice) => {
    setStarting(method);
    await startMfaSetup(method);
    setStarting(null);
  };

  const turnOff = async () => {
    const confirmed = await confirmDialog({
      title: MFA_SECTION_TEXTS.turnOffTitle,
      message: MFA_SECTION_TEXTS.turnOffConfirm,
      confirmText: MFA_SECTION_TEXTS.turnOff,
      danger: true,
    });
    if (!confirmed) return;
    disable.mutate(undefined, {
      onSuccess: () => toast.success(MFA_SECTION_TEXTS.turnedOff),
      onError: (error) =>
        toast.error(
          actionFailureMessage({
            item: ACCOUNT_ITEMS.twoFactor,
            verb: 'remove',
            serverMessage: isApiError(error) ? error.errors[0]?.message : null,
            fallback: MFA_SECTION_TEXTS.turnOffFailed,
          }),
        ),
    });
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="account-mfa">
      <Stack gap="md">
        <Title order={2} size="h4" id="account-mfa">
          {MFA_SECTION_TEXTS.title}
        </Title>
        <Text size="sm" c="dimmed">
          {MFA_SECTION_TEXTS.help}
        </Text>
        <QuerySectionBody
          query={status}
          loadingLabel={MFA_SECTION_TEXTS.loading}
          failedTitle={MFA_SECTION_TEXTS.failed}
          emptyText=""
          isEmpty={() => false}
        >
          {(data) => (
            <Stack gap="md">
              <Group gap="sm">
                <Text>{MFA_SECTION_TEXTS.statusLabel}</Text>
                <Badge color={data.mfa_type ? 'green' : 'gray'} variant="light">
                  {data.mfa_type ? MFA_METHOD_LABELS[data.mfa_type] : MFA_NOT_ENABLED}
                </Badge>
                {data.mfa_type && (
                  <Text size="sm" c="dimmed">
                    {MFA_SECTION_TEXTS.recoveryLeft(data.recovery_codes_left)}
                  </Text>
                )}
              </Group>
              {data.enforced && (
                <Text size="sm" c="dimmed">
                  {data.mfa_type ? MFA_SECTION_TEXTS.enforcedOff : MFA_SECTION_TEXTS.enforced}
                </Text>
              )}
              <Group gap="sm">
                <Button loading={starting === 'totp'} onClick={() => void start('totp')}>
                  {MFA_SECTION_TEXTS.setUpTotp}
                </Button>
                <Button
                  variant="light"
                  loading={starting === 'email'}
                  onClick={() => void start('email')}
                >
                  {MFA_SECTION_TEXTS.useEmail}
                </Button>
                {data.mfa_type && (
                  <Button
                    color="red"
                    variant="light"
                    disabled={data.enforced}
                    loading={disable.isPending}
                    onClick={() => void turnOff()}
                  >
                    {MFA_SECTION_TEXTS.turnOff}
                  </Button>
                )}
              </Group>
            </Stack>
          )}
        </QuerySectionBody>
      </Stack>
    </Card>
  );
}
