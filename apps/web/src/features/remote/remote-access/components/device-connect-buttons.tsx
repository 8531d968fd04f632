import { ActionIcon, Button, Group, Menu } from '@mantine/core';
import { IconChevronDown, IconTerminal2, IconWorldWww } from '@tabler/icons-react';
import { REMOTE_ACCESS_TEXTS as T } from '../texts';
import { openCliDialog, openWebUiDialog, type DeviceRef } from './connect-dialogs';

/** The device's own web UI, and its CLI over SSH (Telnet from the menu beside it). */
export function DeviceConnectButtons({ device }: { device: DeviceRef }) {
  return (
    <Group gap="xs">
      <Button
        size="xs"
        leftSection={<IconWorldWww size={14} aria-hidden />}
        onClick={() => openWebUiDialog(device)}
      >
        {T.webUi}
      </Button>
      <Button.Group>
        <Button
          size="xs"
          leftSection={<IconTerminal2 size={14} aria-hidden />}
          onClick={() => openCliDialog({ ...device, protocol: 'ssh' })}
        >
          {T.cli}
        </Button>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon size={30} aria-label={T.cliOptions}>
              <IconChevronDown size={14} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => openCliDialog({ ...device, protocol: 'ssh' })}>
              {T.ssh}
            </Menu.Item>
            <Menu.Item onClick={() => openCliDialog({ ...device, protocol: 'telnet' })}>
              {T.telnet}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Button.Group>
    </Group>
  );
}
