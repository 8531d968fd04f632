import { HoverCard, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { VisibleMenuGroup } from '@netfleet/contracts';
import { menuIcon } from './menu-icons';
import { NavItemLink } from './nav-item-link';
import { useActiveGroup, useActiveItemPath } from './use-menu';

/** Collapsed navigation: one icon per group, its items in a flyout that opens on hover. */
export function NarrowNav({ menu }: { menu: VisibleMenuGroup[] }) {
  const { t } = useTranslation();
  const activeGroup = useActiveGroup(menu);
  const activePath = useActiveItemPath(menu);
  return (
    <Stack gap={4} align="center">
      {menu.map((group) => {
        const Icon = menuIcon(group.icon);
        const name = t(`menu.${group.key}`, { defaultValue: group.name });
        return (
          <HoverCard
            key={group.key}
            position="right-start"
            offset={12}
            openDelay={0}
            closeDelay={120}
            shadow="md"
          >
            <HoverCard.Target>
              <UnstyledButton
                aria-label={name}
                data-active={group.key === activeGroup || undefined}
              >
                <ThemeIcon
                  size={40}
                  variant={group.key === activeGroup ? 'light' : 'subtle'}
                  color={group.key === activeGroup ? undefined : 'gray'}
                >
                  <Icon size={22} stroke={1.6} />
                </ThemeIcon>
              </UnstyledButton>
            </HoverCard.Target>
            <HoverCard.Dropdown p={4} miw={200}>
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" py={6}>
                {name}
              </Text>
              {group.items.map((item) => (
                <NavItemLink key={item.routeName} item={item} active={item.path === activePath} />
              ))}
            </HoverCard.Dropdown>
          </HoverCard>
        );
      })}
    </Stack>
  );
}
