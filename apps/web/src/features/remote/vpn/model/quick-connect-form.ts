import { z } from 'zod';
import {
  createQuickHubBodySchema,
  quickConnectBodySchema,
  quickHubRouteSchema,
} from '@netfleet/contracts';

/** LAN rows the quick connect dialog offers (the API takes up to 32). */
export const QUICK_ROUTES_MAX = 8;

/**
 * The quick hub (POST /vpn/hubs/connect) with its LANs as a list, and the lifetime of the profile
 * made for the caller right after (POST /vpn/hubs/{id}/quick-connect).
 */
export const quickConnectFormSchema = createQuickHubBodySchema.extend({
  endpoint: z.object({
    device_id: createQuickHubBodySchema.shape.endpoint.shape.device_id,
    routes: z.array(quickHubRouteSchema).max(QUICK_ROUTES_MAX),
  }),
  expires_in: quickConnectBodySchema.shape.expires_in,
});
export type QuickConnectFormInput = z.input<typeof quickConnectFormSchema>;
export type QuickConnectFormValues = z.output<typeof quickConnectFormSchema>;

/** Teltonika routers' default LAN: what most endpoints have behind them. */
export const defaultLan = () => ({ ip: '192.168.1.0', netmask: '255.255.255.0', name: 'LAN' });
