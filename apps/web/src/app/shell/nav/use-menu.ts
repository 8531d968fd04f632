import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { visibleMenu, type VisibleMenuGroup } from '@netfleet/contracts';
import { useCurrentUser } from '@/lib/current-user';
import { useBrand } from '@/components/brand';
import { concretePath, isBuilt } from '@/app/router/landing';
import { usePages } from '@/app/router/pages-context';

/** The menu this user sees: permitted, not disabled by the brand, and built. */
export function useMenu(): VisibleMenuGroup[] {
  const { permissions } = useCurrentUser();
  const { disabled_routes: disabledRoutes } = useBrand();
  const pages = usePages();
  return useMemo(
    () =>
      visibleMenu({ permissions, disabledRoutes, isAvailable: (name) => isBuilt(pages, name) })
        .map((group) => ({
          ...group,
          items: group.items.flatMap((item) => {
            const path = concretePath(item.path);
            return path ? [{ ...item, path }] : [];
          }),
        }))
        .filter((group) => group.items.length > 0),
    [permissions, disabledRoutes, pages],
  );
}

export function isActivePath(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/**
 * The path of the menu item the current route belongs to: the longest that matches, so a page
 * nested under another item's path (`/monitoring-templates/data-collection`) marks only its own.
 */
export function useActiveItemPath(menu: VisibleMenuGroup[]): string | undefined {
  const { pathname } = useLocation();
  return menu
    .flatMap((group) => group.items.map((item) => item.path))
    .filter((path) => isActivePath(pathname, path))
    .sort((a, b) => b.length - a.length)[0];
}

/** Key of the group holding the current route, if any. */
export function useActiveGroup(menu: VisibleMenuGroup[]): string | undefined {
  const { pathname } = useLocation();
  return menu.find((group) => group.items.some((item) => isActivePath(pathname, item.path)))?.key;
}
