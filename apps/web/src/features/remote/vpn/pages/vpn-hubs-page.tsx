import { Button, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { PageBreadcrumbs } from '@/components/breadcrumbs';
import { openAddHub } from '../components/hub-dialogs';
import { HostBanner } from '../components/host-banner';
import { HubsTable } from '../components/hubs-table';
import { useHubActions } from '../components/use-hub-actions';
import { hubPath } from '../paths';
import { VPN_TEXTS as T } from '../texts';

/** Route `vpn.hubs`: the hubs of every company the user can see. */
export function VpnHubsPage() {
  const { allowed } = useHubActions();
  const navigate = useNavigate();
  const add = allowed
    ? () => openAddHub({ onCreated: (hub) => void navigate(hubPath(hub.id)) })
    : undefined;
  return (
    <Stack gap="md">
      <PageBreadcrumbs items={[{ label: T.hubs }]} />
      <Group justify="space-between">
        <Title order={2}>{T.hubs}</Title>
        {add && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={add}>
            {T.addHub}
          </Button>
        )}
      </Group>
      <HostBanner />
      <HubsTable kind="hubs" onAdd={add} />
    </Stack>
  );
}
