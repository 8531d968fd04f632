import { Alert, List } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { Misfit } from '../model/device-fit';
import { UPDATE_TEXTS as T } from '../texts';

/** The picked devices the file may not be for, each with why; nothing when all fit. */
export function MisfitsAlert({ title, misfits }: { title: string; misfits: readonly Misfit[] }) {
  if (misfits.length === 0) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      title={title}
      icon={<IconAlertTriangle size={16} aria-hidden />}
    >
      <List size="sm">
        {misfits.map(({ device, reason }) => (
          <List.Item key={device.id}>{T.deviceMessage(device.name, reason)}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
