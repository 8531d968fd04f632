import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FullPageMessage } from './full-page-message';

export function MaintenancePage() {
  const { t } = useTranslation();
  return (
    <FullPageMessage
      title={t('startup.maintenanceTitle')}
      actions={<Button onClick={() => window.location.reload()}>{t('common.retry')}</Button>}
    >
      {t('startup.maintenanceText')}
    </FullPageMessage>
  );
}
