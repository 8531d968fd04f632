import { hasPermission } from '@netfleet/contracts';
import { useCurrentUser } from '@/lib/current-user';

/** Whether the user may create, change and delete dashboards (the server's write permission). */
export function useCanManageDashboards(): boolean {
  const { permissions } = useCurrentUser();
  return hasPermission(permissions, { allOf: ['view_device_dashboard', 'update_devices'] });
}
