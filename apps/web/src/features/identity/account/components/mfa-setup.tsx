// The two-factor set-up as a managed dialog, from the account page or from the full-page
// MFA_MANDATORY notice (the app layer, by its spec name 'mfa.change').
import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { dialogs, type DialogOptions } from '@/components/dialogs';
import { toast } from '@/components/toasts';
import { isAbortError, isApiError } from '@/lib/api-client';
import { startEmailMfa } from '../api/start-email-mfa';
import { startTotp } from '../api/start-totp';
import { MFA_SECTION_TEXTS, MFA_SETUP_TEXTS } from '../texts';
import { EmailEnrolmentView } from './email-enrolment-view';
import { TotpEnrolmentView } from './totp-enrolment-view';

export const MFA_SETUP_DIALOG_ID = 'mfa-setup';

export type MfaMethodChoice = 'totp' | 'email';

export interface MfaSetupOptions {
  /** Called when the set-up dialog closes after the new method was switched on. */
  onEnabled?: () => void;
}

/**
 * Starts the set-up of a method with the server (which first asks for the password, 423) and
 * shows it. Rejects when the start fails; the caller says so.
 */
export async function openMfaMethodSetup(
  method: MfaMethodChoice,
  options: MfaSetupOptions = {},
): Promise<void> {
  let enabled = false;
  const markEnabled = () => {
    enabled = true;
  };
  const common = {
    id: MFA_SETUP_DIALOG_ID,
    // A half-done set-up or unsaved recovery codes must not go on a stray key press.
    closeOnEscape: false,
    minimizable: false,
    onClose: () => {
      if (enabled) options.onEnabled?.();
    },
  };
  if (method === 'totp') {
    const enrolment = await startTotp();
    dialogs.open({
      ...common,
      title: MFA_SETUP_TEXTS.totpTitle,
      content: <TotpEnrolmentView enrolment={enrolment} onEnabled={markEnabled} />,
    });
  } else {
    const enrolment = await startEmailMfa();
    dialogs.open({
      ...common,
      title: MFA_SETUP_TEXTS.emailTitle,
      content: <EmailEnrolmentView enrolment={enrolment} onEnabled={markEnabled} />,
    });
  }
}

/** openMfaMethodSetup for a button: a failed start is a toast, a cancelled one nothing. */
export async function startMfaSetup(
  method: MfaMethodChoice,
  options: MfaSetupOptions = {},
): Promise<void> {
  try {
    await openMfaMethodSetup(method, options);
  } catch (error) {
    if (!isAbortError(error))
      toast.error(isApiError(error) ? error.message : MFA_SECTION_TEXTS.startFailed);
  }
}

function MethodOption({
  label,
  help,
  onPick,
}: {
  label: string;
  help: string;
  onPick: () => Promise<void>;
}) {
  const [starting, setStarting] = useState(false);
  const pick = async () => {
    setStarting(true);
    try {
      await onPick();
    } finally {
      setStarting(false);
    }
  };
  return (
    <Button
      variant="default"
      h="auto"
      py="sm"
      justify="flex-start"
      loading={starting}
      onClick={() => void pick()}
    >
      <Stack gap={2} align="flex-start">
        <Text fw={600}>{label}</Text>
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'normal', textAlign: 'left' }}>
          {help}
        </Text>
      </Stack>
    </Button>
  );
}

/** Lets the user pick a method, then continues in the same dialog with its set-up. */
export function mfaSetupDialog(options: MfaSetupOptions = {}): DialogOptions {
  return {
    id: MFA_SETUP_DIALOG_ID,
    title: MFA_SETUP_TEXTS.chooseTitle,
    minimizable: false,
    content: (
      <Stack gap="sm">
        <Text size="sm">{MFA_SETUP_TEXTS.choose}</Text>
        <MethodOption
          label={MFA_SETUP_TEXTS.totpOption}
          help={MFA_SETUP_TEXTS.totpOptionHelp}
          onPick={() => startMfaSetup('totp', options)}
        />
        <MethodOption
          label={MFA_SETUP_TEXTS.emailOption}
          help={MFA_SETUP_TEXTS.emailOptionHelp}
          onPick={() => startMfaSetup('email', options)}
        />
      </Stack>
    ),
  };
}
