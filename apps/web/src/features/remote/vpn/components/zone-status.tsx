import { Badge, Group, Stack, Text } from '@mantine/core';
import type { VpnHubZone } from '@netfleet/contracts';
import { ZONE_TEXTS as T } from '../zone-texts';

/** Whether the zone's host is connected and can run hubs, and if not why and what fixes it. */
export function ZoneStatus({ zone }: { zone: VpnHubZone }) {
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Badge color={zone.online ? 'green' : 'gray'} variant="light">
          {zone.online ? T.online : T.offline}
        </Badge>
        <Badge color={zone.available ? 'green' : 'orange'} variant="light">
          {zone.available ? T.available : T.unavailable}
        </Badge>
        {zone.version && (
          <Text size="xs" c="dimmed">
            {zone.version}
          </Text>
        )}
      </Group>
      {zone.reason && (
        <Text size="xs" c="dimmed">
          {zone.reason}
        </Text>
      )}
      {zone.fix && (
        <Text size="xs" c="dimmed">
          {`${T.fix} ${zone.fix}`}
        </Text>
      )}
    </Stack>
  );
}
