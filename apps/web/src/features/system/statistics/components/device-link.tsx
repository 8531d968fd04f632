import { Anchor } from '@mantine/core';
import { Link } from 'react-router';

/** The device page (route `device`). */
export function DeviceLink({ id, children }: { id: number; children: string }) {
  return (
    <Anchor component={Link} to={`/devices/${id}`} size="sm">
      {children}
    </Anchor>
  );
}
