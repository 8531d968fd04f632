import { Stack, Title } from '@mantine/core';
import { PageBreadcrumbs } from '@/components/breadcrumbs';
import { WifiTable } from '../components/wifi-table';
import { WIRELESS_TEXTS } from '../texts';

/** Route `wifi` (/management/wifi). */
export function WifiPage() {
  return (
    <Stack gap="md">
      <PageBreadcrumbs items={[{ label: WIRELESS_TEXTS.wifi }]} />
      <Title order={2}>{WIRELESS_TEXTS.wifi}</Title>
      <WifiTable />
    </Stack>
  );
}
