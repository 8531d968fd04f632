import { Navigate } from 'react-router';
import { useCurrentUser } from '@/lib/current-user';
import { useBrand } from '@/components/brand';
import { AccessDeniedPage } from './access-denied-page';
import { landingFor } from './landing';
import { usePages } from './pages-context';

export function LandingRedirect() {
  const user = useCurrentUser();
  const brand = useBrand();
  const landing = landingFor(user, brand.disabled_routes, usePages());
  return landing.kind === 'path' ? <Navigate to={landing.path} replace /> : <AccessDeniedPage />;
}
