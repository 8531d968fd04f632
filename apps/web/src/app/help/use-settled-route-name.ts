import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { HELP_PANEL_DELAY_MS } from '@netfleet/contracts';
import { routeNameOf } from './route-name';

/**
 * The current route name once the route has settled for 700 ms (spec §9 side panel): clicking
 * through several pages quickly does not make the open panel flicker through their help.
 */
export function useSettledRouteName(): string | null {
  const { pathname } = useLocation();
  const [name, setName] = useState(() => routeNameOf(pathname));
  useEffect(() => {
    const timer = setTimeout(() => setName(routeNameOf(pathname)), HELP_PANEL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pathname]);
  return name;
}
