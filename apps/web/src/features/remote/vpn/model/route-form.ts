import { z } from 'zod';
import { createVpnRouteBodySchema } from '@netfleet/contracts';
import { VPN_TEXTS as T } from '../texts';
import { DEFAULT_NETMASK } from './route-table';

/** Rows one add routes dialog sends at most (each is a request). */
export const ROUTE_ROWS_MAX = 16;

/** Several LANs through one device client: one POST /vpn/hubs/routes per row. */
export const routeFormSchema = z.object({
  // The picker shows devices: an empty one is a missing device, not a missing 'VPN hub user'.
  vpn_hub_user_id: z
    .number({ error: T.required })
    .pipe(createVpnRouteBodySchema.shape.vpn_hub_user_id),
  routes: z
    .array(createVpnRouteBodySchema.pick({ ip_address: true, netmask: true, name: true }))
    .min(1)
    .max(ROUTE_ROWS_MAX),
});
export type RouteFormInput = z.input<typeof routeFormSchema>;
export type RouteFormValues = z.output<typeof routeFormSchema>;

export const ROUTE_ROW_FIELDS = ['ip_address', 'netmask', 'name'] as const;
export type RouteRowField = (typeof ROUTE_ROW_FIELDS)[number];

export const emptyRouteRow = () => ({ ip_address: '', netmask: DEFAULT_NETMASK, name: '' });
