import { Menu, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconUserShield } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type CurrentUser } from '@netfleet/contracts';
import { toast } from '@/components/toasts';
import { failureText } from '@/lib/failure-text';
import { revokeImpersonationAccess } from '@/lib/session-actions';
import { sessionHooks } from '@/lib/session-hooks';
import { MESSAGE_TEXTS } from '@/lib/messages';

/** Shown only while the user's impersonation access limit lies in the future (spec §2, §4). */
export function ImpersonationAccessItem({ user }: { user: CurrentUser }) {
  const { t, i18n } = useTranslation();
  const until = new Date(user.impersonation_access_limit ?? '').toLocaleString(i18n.language);

  const confirmRevoke = () =>
    modals.openConfirmModal({
      title: MESSAGE_TEXTS.revokeImpersonationConfirm,
      labels: { confirm: t('header.revokeImpersonation'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        revokeImpersonationAccess()
          .then(() => sessionHooks().reload())
          .catch((error: unknown) =>
            toast.error(failureText(error, 'impersonation access', 'revoke')),
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
