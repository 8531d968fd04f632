import { NavLink } from '@mantine/core';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { VisibleMenuItem } from '@netfleet/contracts';
import { useReloadPageData } from '@/app/shell/use-reload-page-data';

export function NavItemLink({ item, active }: { item: VisibleMenuItem; active: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const reloadPageData = useReloadPageData();
  const onClick = (event: MouseEvent) => {
    if (pathname !== item.path) return;
    event.preventDefault();
    reloadPageData();
  };
  return (
    <NavLink
      component={Link}
      to={item.path}
      label={t(`routes.${item.routeName}`, { defaultValue: item.title })}
      active={active}
      onClick={onClick}
    />
  );
}
