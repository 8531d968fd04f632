import { Button, Group, Stack, Title } from '@mantine/core';
import { IconBolt } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { PageBreadcrumbs } from '@/components/breadcrumbs';
import { openVpnProfile } from '../components/config-dialog';
import { HostBanner } from '../components/host-banner';
import { HubsTable } from '../components/hubs-table';
import { openQuickConnect } from '../components/quick-connect-dialog';
import { useHubActions } from '../components/use-hub-actions';
import { quickHubPath } from '../paths';
import { VPN_TEXTS as T } from '../texts';

/** Route `vpn.quick-connect`: quick hubs, and the dialog that makes one with a profile. */
export function QuickConnectPage() {
  const { allowed } = useHubActions();
  const navigate = useNavigate();
  const connect = allowed
    ? () =>
        openQuickConnect({
          onCreated: (hub, profile) => {
            void navigate(quickHubPath(hub.id, 'clients'));
            if (profile) openVpnProfile(profile);
          },
        })
    : undefined;
  return (
    <Stack gap="md">
      <PageBreadcrumbs items={[{ label: T.quickConnect }]} />
      <Group justify="space-between">
        <Title order={2}>{T.quickConnect}</Title>
        {connect && (
          <Button leftSection={<IconBolt size={16} aria-hidden />} onClick={connect}>
            {T.quickConnectTitle}
          </Button>
        )}
      </Group>
      <HostBanner />
      <HubsTable kind="quick" onAdd={connect} />
    </Stack>
  );
}
