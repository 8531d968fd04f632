import { Anchor, Stack, Text } from '@mantine/core';
import type { AuthDevice } from '@netfleet/contracts';
import { Link } from 'react-router';

/** The registered device the identity collides with, linking to its page, and its company. */
export function DeviceCell({ row }: { row: AuthDevice }) {
  return (
    <Stack gap={0}>
      <Anchor component={Link} to={`/devices/${row.device_id}`} size="sm">
        {row.device_name}
      </Anchor>
      <Text size="xs" c="dimmed">
        {row.company_name}
      </Text>
    </Stack>
  );
}
