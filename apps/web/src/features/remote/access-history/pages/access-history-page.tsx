import { Stack, Title } from '@mantine/core';
import { PageBreadcrumbs } from '@/components/breadcrumbs';
import { HistoryTable } from '../components/history-table';
import { ACCESS_HISTORY_TEXTS as T } from '../texts';

/** Route `remote.history` (/access-history): who opened which remote session, when, for how long. */
export function AccessHistoryPage() {
  return (
    <Stack gap="md">
      <PageBreadcrumbs items={[{ label: T.title }]} />
      <Title order={2}>{T.title}</Title>
      <HistoryTable />
    </Stack>
  );
}
