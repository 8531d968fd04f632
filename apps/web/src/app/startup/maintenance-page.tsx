import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { sessionHooks } from '@/lib/session-hooks';
import { FullPageMessage } from './full-page-message';

/** Spec §4: the page that replaces the console when the user cannot be loaded. */
export function MaintenancePage({ reason }: { reason?: string | undefined }) {
  const { t } = useTranslation();
  return (
    <FullPageMessage
      title={t('startup.maintenanceTitle')}
      actions={<Button onClick={() => sessionHooks().reload()}>{t('common.retry')}</Button>}
    >
      {t('startup.maintenanceText')}
      {reason && (
        <Text size="sm" mt="sm" role="status">
          {reason}
        </Text>
      )}
    </FullPageMessage>
  );
}
