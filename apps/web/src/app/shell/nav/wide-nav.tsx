import { Badge, NavLink } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VisibleMenuGroup } from '@netfleet/contracts';
import { menuIcon } from './menu-icons';
import { NavItemLink } from './nav-item-link';
import { useActiveGroup, useActiveItemPath } from './use-menu';

/** Wide navigation: collapsible groups, the active route's group opened. */
export function WideNav({ menu }: { menu: VisibleMenuGroup[] }) {
  const { t } = useTranslation();
  const activeGroup = useActiveGroup(menu);
  const activePath = useActiveItemPath(menu);
  const [opened, setOpened] = useState<ReadonlySet<string>>(
    () => new Set(activeGroup ? [activeGroup] : []),
  );

  useEffect(() => {
    if (activeGroup)
      setOpened((current) =>
        current.has(activeGroup) ? current : new Set([...current, activeGroup]),
      );
  }, [activeGroup]);

  const toggle = (key: string, open: boolean) =>
    setOpened((current) => {
      const next = new Set(current);
      if (open) next.add(key);
      else next.delete(key);
      return next;
    });

  return menu.map((group) => {
    const Icon = menuIcon(group.icon);
    return (
      <NavLink
        key={group.key}
        label={t(`menu.${group.key}`, { defaultValue: group.name })}
        leftSection={<Icon size={20} stroke={1.6} />}
        rightSection={group.label ? <Badge size="xs">{group.label}</Badge> : undefined}
        opened={opened.has(group.key)}
        onChange={(open) => toggle(group.key, open)}
        active={group.key === activeGroup}
        variant="subtle"
        childrenOffset={32}
      >
        {group.items.map((item) => (
          <NavItemLink key={item.routeName} item={item} active={item.path === activePath} />
        ))}
      </NavLink>
    );
  });
}
