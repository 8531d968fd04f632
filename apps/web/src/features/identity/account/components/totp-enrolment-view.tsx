import { Button, Center, Code, CopyButton, Group, Image, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { TotpEnrolment } from '@netfleet/contracts';
import { verifyTotp } from '../api/verify-totp';
import { MFA_SETUP_TEXTS } from '../texts';
import { MfaCodeForm } from './mfa-code-form';
import { RecoveryCodesView } from './recovery-codes-view';

interface TotpEnrolmentViewProps {
  enrolment: TotpEnrolment;
  onEnabled: () => void;
}

/** Authenticator app set-up: scan (or type) the secret, prove it with a code, save the recovery codes. */
export function TotpEnrolmentView({ enrolment, onEnabled }: TotpEnrolmentViewProps) {
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  if (recoveryCodes) return <RecoveryCodesView codes={recoveryCodes} />;
  return (
    <Stack gap="md">
      <Text size="sm">{MFA_SETUP_TEXTS.scan}</Text>
      <Center>
        <Image src={enrolment.qr_code} alt={MFA_SETUP_TEXTS.qrAlt} w={200} h={200} />
      </Center>
      <Group gap="xs" wrap="nowrap" justify="center">
        <Text size="sm" c="dimmed">
          {MFA_SETUP_TEXTS.secret}
        </Text>
        <Code data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
          {enrolment.secret}
        </Code>
        <CopyButton value={enrolment.secret}>
          {({ copied, copy }) => (
            <Button size="compact-xs" variant="subtle" onClick={copy}>
              {copied ? MFA_SETUP_TEXTS.copied : MFA_SETUP_TEXTS.copyKey}
            </Button>
          )}
        </CopyButton>
      </Group>
      <MfaCodeForm
        verify={(code) => verifyTotp({ code })}
        onVerified={(codes) => {
          onEnabled();
          setRecoveryCodes(codes);
        }}
      />
    </Stack>
  );
}
