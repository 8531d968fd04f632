import { z } from 'zod';
import {
  createQuickHubBodySchema,
  quickConnectBodySchema,
  quickHubRouteSchema,
} from '@netfleet/contracts';
import { formErrorMap } from './form-error-map';
import { DEFAULT_NETMASK } from './route-table';

/** LAN rows the quick connect dialog offers (the API takes up to 32). */
export const QUICK_ROUTES_MAX = 8;

type LanRow = z.input<typeof quickHubRouteSchema>;
const isBlank = (row: LanRow) => row.ip.trim() === '' && row.name.trim() === '';

/**
 * A LAN row as the dialog holds it. netfleet does not know the device's LANs, so the row starts
 * empty: left without a network and name it routes nothing; otherwise it is checked as the API
 * checks it.
 */
const lanRowSchema = z
  .object({ ip: z.string(), netmask: z.string(), name: z.string() })
  .transform((row, context) => {
    if (isBlank(row)) return null;
    const checked = quickHubRouteSchema.safeParse(row, { error: formErrorMap });
    if (checked.success) return checked.data;
    for (const issue of checked.error.issues) {
      context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
    return z.NEVER;
  });

/**
 * The quick hub (POST /vpn/hubs/connect) with its LANs as a list, and the lifetime of the profile
 * made for the caller right after (POST /vpn/hubs/{id}/quick-connect).
 */
export const quickConnectFormSchema = createQuickHubBodySchema.extend({
  endpoint: z.object({
    device_id: createQuickHubBodySchema.shape.endpoint.shape.device_id,
    routes: z
      .array(lanRowSchema)
      .max(QUICK_ROUTES_MAX)
      .transform((rows) => rows.filter((row) => row !== null)),
  }),
  expires_in: quickConnectBodySchema.shape.expires_in,
});
export type QuickConnectFormInput = z.input<typeof quickConnectFormSchema>;
export type QuickConnectFormValues = z.output<typeof quickConnectFormSchema>;

/** A new LAN row: empty, with the most common mask. */
export const emptyLan = (): LanRow => ({ ip: '', netmask: DEFAULT_NETMASK, name: '' });
