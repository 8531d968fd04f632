import { Stack, Text, Title } from '@mantine/core';
import { PageBreadcrumbs } from '@/components/breadcrumbs';
import { RoutedTabs, type RoutedTab } from '@/components/routed-tabs';
import { ApprovalsTable } from '../components/approvals-table';
import { RefusedTable } from '../components/refused-table';
import { AUTH_DEVICE_TEXTS as T } from '../texts';

type Tab = 'refused' | 'approvals';

const TABS: RoutedTab<Tab>[] = [
  { value: 'refused', label: T.refusedTab, render: () => <RefusedTable /> },
  { value: 'approvals', label: T.approvalsTab, render: () => <ApprovalsTable /> },
];

/** Route `auth-devices` (/auth-devices, super_admin): refused identities and the approvals. */
export function AuthDevicesPage() {
  return (
    <Stack gap="md">
      <PageBreadcrumbs items={[{ label: T.title }]} />
      <Title order={2}>{T.title}</Title>
      <Text size="sm" c="dimmed" maw={900}>
        {T.intro}
      </Text>
      <RoutedTabs tabs={TABS} source={{ query: 'tab' }} />
    </Stack>
  );
}
