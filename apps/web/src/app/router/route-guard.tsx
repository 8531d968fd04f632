import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { canOpenRoute, type RouteDef } from '@netfleet/contracts';
import { useCurrentUser } from '@/lib/current-user';
import { useBrand } from '@/components/brand';
import { LandingRedirect } from './landing-redirect';

/** Renders the page if the user may open the route, else sends them to their landing page. */
export function RouteGuard({ route, children }: { route: RouteDef; children: ReactNode }) {
  const user = useCurrentUser();
  const brand = useBrand();
  const { t } = useTranslation();
  const allowed = canOpenRoute(route, user.permissions);
  useEffect(() => {
    if (allowed)
      document.title = `${t(`routes.${route.name}`, { defaultValue: route.title })} · ${brand.application_name}`;
  }, [allowed, route, brand.application_name, t]);
  return allowed ? children : <LandingRedirect />;
}
