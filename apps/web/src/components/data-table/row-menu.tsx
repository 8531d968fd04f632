import { ActionIcon, Box, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DATA_TABLE_TEXTS as T } from './texts';

export interface RowMenuItem {
  label: string;
  icon?: ReactNode;
  color?: string;
  onClick: () => void;
}

/** A row's actions; nothing when none is allowed. */
export function RowMenu({ label, items }: { label: string; items: readonly RowMenuItem[] }) {
  if (items.length === 0) return null;
  return (
    // React events bubble out of the portal too: none of these may open or select the row.
    <Box onClick={(event) => event.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
      <Menu position="bottom-end" withinPortal shadow="md">
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={T.actionsFor(label)}>
            <IconDots size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {items.map((item) => (
            <Menu.Item
              key={item.label}
              leftSection={item.icon}
              color={item.color}
              onClick={item.onClick}
            >
              {item.label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Box>
  );
}
