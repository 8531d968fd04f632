import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { VpnHubZone } from '@netfleet/contracts';
import { PageBreadcrumbs } from '@/components/breadcrumbs';
import { QueryState } from '@/components/query-state';
import { useHubZones } from '../api/get-host';
import { vpnKeys } from '../api/keys';
import { deleteZone, useZoneDevices } from '../api/zones';
import { useConfirmedAction } from '../components/use-confirmed-action';
import { openZone } from '../components/zone-form';
import { ZonesTable } from '../components/zones-table';
import { VPN_HUBS_ROUTE } from '../paths';
import { VPN_TEXTS } from '../texts';
import { ZONE_TEXTS as T } from '../zone-texts';

/** Route `vpn.zones` (super admins): where hubs run, and the agents that host zones. */
export function HubZonesPage() {
  const zones = useHubZones();
  const ids = (zones.data ?? []).flatMap((zone) =>
    zone.device_id === null ? [] : [zone.device_id],
  );
  const devices = useZoneDevices(ids);
  const confirmed = useConfirmedAction();
  const edit = (zone: VpnHubZone) =>
    openZone({
      zone,
      deviceName: zone.device_id === null ? undefined : devices.data?.get(zone.device_id),
    });
  const remove = (zone: VpnHubZone) =>
    confirmed({
      title: T.deleteTitle,
      message: T.deleteConfirm(zone.visual_name),
      confirmText: T.delete,
      run: () => deleteZone(zone.id),
      done: T.deleted,
      invalidate: vpnKeys.zones(),
    });
  return (
    <Stack gap="md">
      <PageBreadcrumbs
        items={[{ label: VPN_TEXTS.hubs, to: VPN_HUBS_ROUTE }, { label: T.title }]}
      />
      <Group justify="space-between">
        <Title order={2}>{T.title}</Title>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => openZone()}>
          {T.add}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {T.intro}
      </Text>
      <QueryState result={zones}>
        {(list) => (
          <ZonesTable zones={list} devices={devices.data} onEdit={edit} onDelete={remove} />
        )}
      </QueryState>
    </Stack>
  );
}
