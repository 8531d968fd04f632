import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES, type BlockingErrorCode } from '@netfleet/contracts';
import { openNamedDialog } from '@/components/dialogs';
import { isApiError } from '@/lib/api-client';
import { logout, resendActivation } from '@/lib/session-actions';
import { sessionHooks } from '@/lib/session-hooks';
import { FullPageMessage } from './full-page-message';
import { MESSAGE_TEXTS } from '@/lib/messages';

const TEXTS = {
  [ERROR_CODES.EMAIL_NOT_VERIFIED]: [
    'startup.emailNotVerifiedTitle',
    'startup.emailNotVerifiedText',
  ],
  [ERROR_CODES.NOT_INVITED_EXTERNAL_USER]: ['startup.notInvitedTitle', 'startup.notInvitedText'],
  [ERROR_CODES.MFA_MANDATORY]: ['startup.mfaMandatoryTitle', 'startup.mfaMandatoryText'],
} as const satisfies Record<BlockingErrorCode, readonly [string, string]>;

function ResendButton() {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const resend = async () => {
    setSending(true);
    try {
      await resendActivation();
      notifications.show({ color: 'green', message: MESSAGE_TEXTS.emailConfirmationSent });
    } catch (error) {
      const statusText = isApiError(error) && error.statusText ? ` (${error.statusText})` : '';
      notifications.show({
        color: 'red',
        message: `${MESSAGE_TEXTS.emailConfirmationFailed}${statusText}`,
      });
    } finally {
      setSending(false);
    }
  };
  return (
    <Button onClick={() => void resend()} loading={sending}>
      {t('startup.resend')}
    </Button>
  );
}

/** Full-page notice for the codes that block the whole console (spec §4 Startup, §6). */
export function BlockingNotice({ code }: { code: BlockingErrorCode }) {
  const { t } = useTranslation();
  const [title, text] = TEXTS[code];
  return (
    <FullPageMessage
      title={t(title)}
      actions={
        <Group>
          {code === ERROR_CODES.EMAIL_NOT_VERIFIED && <ResendButton />}
          {code === ERROR_CODES.MFA_MANDATORY && (
            // Once a method is on, startup runs again and lets the user in.
            <Button
              onClick={() =>
                void openNamedDialog('mfa.change', { onEnabled: () => sessionHooks().reload() })
              }
            >
              {t('startup.mfaSetUp')}
            </Button>
          )}
          <Button variant="default" onClick={() => void logout()}>
            {t('startup.logout')}
          </Button>
        </Group>
      }
    >
      {t(text)}
    </FullPageMessage>
  );
}
