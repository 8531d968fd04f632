import { hasPermission } from '@netfleet/contracts';
import { useCurrentUser } from '@/lib/current-user';
import type { ScopePickers } from './scope-fields';

/** Tags and companies are offered as the user may list them. */
export function useScopePickers(): ScopePickers {
  const { permissions } = useCurrentUser();
  return {
    tags: hasPermission(permissions, 'view_tags'),
    companies: hasPermission(permissions, 'view_companies'),
  };
}
