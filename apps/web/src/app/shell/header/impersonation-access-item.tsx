import { Menu, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconUserShield } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type CurrentUser } from '@netfleet/contracts';
import { toast } from '@/components/toasts';
import { isApiError } from '@/lib/api-client';
import { uiLocale } from '@/lib/i18n';
import { revokeImpersonationAccess } from '@/lib/session-actions';
import { sessionHooks } from '@/lib/session-hooks';
import { MESSAGE_TEXTS } from '@/lib/messages';

/** Spec §8: the server's first message, else the web's own text with the status text. */
function revokeFailure(error: unknown, fallback: string): string {
  const apiError = isApiError(error) ? error : null;
  const serverMessage = apiError?.errors[0]?.message;
  if (serverMessage) return serverMessage;
  return apiError?.statusText ? `${fallback} (${apiError.statusText})` : fallback;
}

/** Shown only while the user's impersonation access limit lies in the future (spec §2, §4). */
export function ImpersonationAccessItem({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const until = new Date(user.impersonation_access_limit ?? '').toLocaleString(uiLocale());

  const confirmRevoke = () =>
    modals.openConfirmModal({
      title: MESSAGE_TEXTS.revokeImpersonationConfirm,
      labels: { confirm: t('header.revokeImpersonation'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        revokeImpersonationAccess()
          .then(() => sessionHooks().reload())
          .catch((error: unknown) =>
            toast.error(revokeFailure(error, t('header.revokeImpersonationFailed'))),
          );
      },
    });

  return (
    <Menu.Item
      leftSection={<IconUserShield size={16} />}
      onClick={confirmRevoke}
      rightSection={
        <Text size="xs" c="red">
          {t('header.revokeImpersonation')}
        </Text>
      }
    >
      {t('header.impersonationAccess', { date: until })}
    </Menu.Item>
  );
}
