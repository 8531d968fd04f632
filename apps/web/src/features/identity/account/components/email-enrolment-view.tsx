import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { EmailEnrolment } from '@netfleet/contracts';
import { toast } from '@/components/toasts';
import { isApiError } from '@/lib/api-client';
import { startEmailMfa } from '../api/start-email-mfa';
import { verifyEmailMfa } from '../api/verify-email-mfa';
import { MFA_SECTION_TEXTS, MFA_SETUP_TEXTS } from '../texts';
import { MfaCodeForm } from './mfa-code-form';
import { RecoveryCodesView } from './recovery-codes-view';

interface EmailEnrolmentViewProps {
  enrolment: EmailEnrolment;
  onEnabled: () => void;
}

/** E-mail code set-up: the mailed code proves the address works, then the recovery codes. */
export function EmailEnrolmentView({ enrolment, onEnabled }: EmailEnrolmentViewProps) {
  const [sessionUuid, setSessionUuid] = useState(enrolment.session_uuid);
  const [resending, setResending] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  // An expired code, or one tried too often, needs a new check.
  const resend = async () => {
    setResending(true);
    try {
      setSessionUuid((await startEmailMfa()).session_uuid);
      toast.info(MFA_SETUP_TEXTS.resent);
    } catch (error) {
      toast.error(isApiError(error) ? error.message : MFA_SECTION_TEXTS.startFailed);
    } finally {
      setResending(false);
    }
  };

  if (recoveryCodes) return <RecoveryCodesView codes={recoveryCodes} />;
  return (
    <Stack gap="md">
      <Text size="sm">{MFA_SETUP_TEXTS.emailSent}</Text>
      <MfaCodeForm
        verify={(code) => verifyEmailMfa({ session_uuid: sessionUuid, code })}
        onVerified={(codes) => {
          onEnabled();
          setRecoveryCodes(codes);
        }}
        actions={
          <Button variant="subtle" loading={resending} onClick={() => void resend()} mr="auto">
            {MFA_SETUP_TEXTS.resend}
          </Button>
        }
      />
    </Stack>
  );
}
