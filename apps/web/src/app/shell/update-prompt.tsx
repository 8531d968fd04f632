import { Button, Group, Notification, Portal, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useVersionCheck } from './use-version-check';

export function UpdatePrompt() {
  const { t } = useTranslation();
  const { available, reload, later } = useVersionCheck();
  if (!available) return null;
  return (
    <Portal>
      <Notification
        icon={<IconRefresh size={18} />}
        title={t('update.title')}
        withCloseButton={false}
        style={{ position: 'fixed', top: 72, right: 16, zIndex: 400, maxWidth: 360 }}
        role="alertdialog"
      >
        <Text size="sm">{t('update.text')}</Text>
        <Group justify="flex-end" mt="sm" gap="xs">
          <Button size="xs" variant="default" onClick={later}>
            {t('update.later')}
          </Button>
          <Button size="xs" onClick={reload}>
            {t('update.reload')}
          </Button>
        </Group>
      </Notification>
    </Portal>
  );
}
