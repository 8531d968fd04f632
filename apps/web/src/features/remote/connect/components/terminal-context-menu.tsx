import { Box, Menu } from '@mantine/core';
import { IconClipboard, IconCopy } from '@tabler/icons-react';
import { CONNECT_TEXTS } from '../texts';

export interface MenuPosition {
  x: number;
  y: number;
}

interface TerminalContextMenuProps {
  position: MenuPosition | null;
  canCopy: boolean;
  onClose: () => void;
  onCopy: () => void;
  onPaste: () => void;
}

/** The terminal's right-click menu, opened where the pointer is. */
export function TerminalContextMenu({
  position,
  canCopy,
  onClose,
  onCopy,
  onPaste,
}: TerminalContextMenuProps) {
  return (
    <Menu opened={position !== null} onChange={(opened) => !opened && onClose()} offset={0}>
      <Menu.Target>
        {/* A zero-size anchor at the pointer: the menu opens from there. */}
        <Box pos="fixed" left={position?.x ?? 0} top={position?.y ?? 0} w={0} h={0} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconCopy size={14} />} disabled={!canCopy} onClick={onCopy}>
          {CONNECT_TEXTS.copy}
        </Menu.Item>
        <Menu.Item leftSection={<IconClipboard size={14} />} onClick={onPaste}>
          {CONNECT_TEXTS.paste}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
