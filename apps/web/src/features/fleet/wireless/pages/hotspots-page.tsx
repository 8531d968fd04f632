import { Stack, Title } from '@mantine/core';
import { PageBreadcrumbs } from '@/components/breadcrumbs';
import { HotspotsTable } from '../components/hotspots-table';
import { WIRELESS_TEXTS } from '../texts';

/** Route `hotspots` (/management/hotspots). */
export function HotspotsPage() {
  return (
    <Stack gap="md">
      <PageBreadcrumbs items={[{ label: WIRELESS_TEXTS.hotspots }]} />
      <Title order={2}>{WIRELESS_TEXTS.hotspots}</Title>
      <HotspotsTable />
    </Stack>
  );
}
