import { Button, Group, Text } from '@mantine/core';
import { IconCurrentLocation, IconMapPin, IconTrash } from '@tabler/icons-react';
import type { Device } from '@netfleet/contracts';
import { DEVICE_TEXTS as T } from '../texts';
import type { PositionEditor } from './use-position-editor';

/** The position a user set (if any) and, for whoever may, the ways to set or clear it. */
export function PositionControls({ device, editor }: { device: Device; editor: PositionEditor }) {
  const { user_set_latitude: latitude, user_set_longitude: longitude } = device;
  const placed = latitude !== null && longitude !== null;
  return (
    <Group gap="xs" justify="space-between" align="center">
      <Text size="sm" c="dimmed" aria-live="polite">
        {editor.picking
          ? T.pickHint
          : placed
            ? T.userPosition(latitude, longitude)
            : T.noUserPosition}
      </Text>
      {editor.allowed && (
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconMapPin size={14} aria-hidden />}
            onClick={editor.edit}
          >
            {T.setPosition}
          </Button>
          <Button
            size="xs"
            variant={editor.picking ? 'filled' : 'default'}
            aria-pressed={editor.picking}
            leftSection={<IconCurrentLocation size={14} aria-hidden />}
            onClick={editor.togglePicking}
          >
            {T.pickOnMap}
          </Button>
          {placed && (
            <Button
              size="xs"
              color="red"
              variant="subtle"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={editor.clear}
            >
              {T.clearPosition}
            </Button>
          )}
        </Group>
      )}
    </Group>
  );
}
