import { Button, Code } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { FullPageMessage } from '@/app/startup/full-page-message';

export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  return (
    <FullPageMessage
      title={t('shell.pageFailed')}
      actions={<Button onClick={() => window.location.reload()}>{t('common.retry')}</Button>}
    >
      <Code block>{error instanceof Error ? error.message : String(error)}</Code>
    </FullPageMessage>
  );
}
