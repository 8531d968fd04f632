import { Button, Group, Stack, Title } from '@mantine/core';
import { IconPlus, IconServer2 } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { hasPermission } from '@netfleet/contracts';
import { PageBreadcrumbs } from '@/components/breadcrumbs';
import { useCurrentUser } from '@/lib/current-user';
import { openAddHub } from '../components/hub-dialogs';
import { HostBanner } from '../components/host-banner';
import { HubsTable } from '../components/hubs-table';
import { useHubActions } from '../components/use-hub-actions';
import { HUB_ZONES_ROUTE, hubPath } from '../paths';
import { VPN_TEXTS as T } from '../texts';
import { ZONE_TEXTS } from '../zone-texts';

/** Route `vpn.hubs`: the hubs of every company the user can see; super admins reach the zones. */
export function VpnHubsPage() {
  const { allowed } = useHubActions();
  const { permissions } = useCurrentUser();
  const navigate = useNavigate();
  const add = allowed
    ? () => openAddHub({ onCreated: (hub) => void navigate(hubPath(hub.id)) })
    : undefined;
  return (
    <Stack gap="md">
      <PageBreadcrumbs items={[{ label: T.hubs }]} />
      <Group justify="space-between">
        <Title order={2}>{T.hubs}</Title>
        <Group gap="xs">
          {hasPermission(permissions, 'super_admin') && (
            <Button
              component={Link}
              to={HUB_ZONES_ROUTE}
              variant="default"
              leftSection={<IconServer2 size={16} aria-hidden />}
            >
              {ZONE_TEXTS.title}
            </Button>
          )}
          {add && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={add}>
              {T.addHub}
            </Button>
          )}
        </Group>
      </Group>
      <HostBanner />
      <HubsTable kind="hubs" onAdd={add} />
    </Stack>
  );
}
