import { Button, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageBreadcrumbs } from '@/components/breadcrumbs';
import { ConfigsTable } from '../components/configs-table';
import { CREATE_CONFIG_ROUTE } from '../paths';
import { DATA_COLLECTION_TEXTS as T } from '../texts';

/** Route `data-collection`: the data collection configs of every company the user can see. */
export function ConfigsPage() {
  return (
    <Stack gap="md">
      <PageBreadcrumbs items={[{ label: T.title }]} />
      <Group justify="space-between">
        <Title order={2}>{T.title}</Title>
        <Button
          component={Link}
          to={CREATE_CONFIG_ROUTE}
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          {T.newConfig}
        </Button>
      </Group>
      <ConfigsTable />
    </Stack>
  );
}
