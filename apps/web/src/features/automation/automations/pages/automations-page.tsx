import { Button, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { hasPermission } from '@netfleet/contracts';
import { PageBreadcrumbs } from '@/components/breadcrumbs';
import { useCurrentUser } from '@/lib/current-user';
import { AutomationsNav } from '../components/automations-nav';
import { AutomationsTable } from '../components/automations-table';
import { CREATE_AUTOMATION_ROUTE } from '../paths';
import { AUTOMATIONS_TEXTS as T } from '../texts';

/** Route `automations`: the rules of every company the user can see. */
export function AutomationsPage() {
  const user = useCurrentUser();
  const canManage = hasPermission(user.permissions, 'manage_device_alert_configurations');
  return (
    <Stack gap="md">
      <PageBreadcrumbs items={[{ label: T.title }]} />
      <Group justify="space-between">
        <Title order={2}>{T.title}</Title>
        {canManage && (
          <Button
            component={Link}
            to={CREATE_AUTOMATION_ROUTE}
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            {T.createAutomation}
          </Button>
        )}
      </Group>
      <AutomationsNav view="automations" />
      <AutomationsTable canManage={canManage} />
    </Stack>
  );
}
