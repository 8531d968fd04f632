import { z } from 'zod';
import { listQuerySchema } from '../list.ts';

/**
 * Approved devices (spec §6 "super_admin for approved devices", §7 /devices/authorized): identities
 * (serial + MAC or IMEI) refused at enrolment because their serial belongs to another registered
 * device (connection code 7). A super admin approves one (the registered device takes the new
 * MAC/IMEI, e.g. after a mainboard swap, and must enrol again) or dismisses it.
 */
export const AUTH_DEVICE_STATUSES = ['refused', 'approved'] as const;
export const authDeviceStatusSchema = z.enum(AUTH_DEVICE_STATUSES);
export type AuthDeviceStatus = z.infer<typeof authDeviceStatusSchema>;

/** Fields GET /api/devices/authorized can sort by; anything else is a 400. */
export const AUTH_DEVICE_SORT_FIELDS = [
  'serial',
  'attempts',
  'first_seen_at',
  'last_seen_at',
  'approved_at',
] as const;

export const authDeviceSchema = z.object({
  id: z.number().int(),
  status: authDeviceStatusSchema,
  serial: z.string(),
  /** The MAC or IMEI the refused device stated (the one its series identifies by). */
  mac: z.string().nullable(),
  imei: z.string().nullable(),
  model: z.string().nullable(),
  firmware: z.string().nullable(),
  /** The address of its last attempt. */
  ip: z.string().nullable(),
  attempts: z.number().int(),
  first_seen_at: z.string(),
  last_seen_at: z.string(),
  /** The registered device the identity collides with, and its company. */
  device_id: z.number().int(),
  device_name: z.string(),
  device_mac: z.string().nullable(),
  device_imei: z.string().nullable(),
  company_id: z.number().int(),
  company_name: z.string(),
  /** Approvals only: when, by whom, and the identity the device had before. */
  approved_at: z.string().nullable(),
  approved_by: z.string().nullable(),
  previous_mac: z.string().nullable(),
  previous_imei: z.string().nullable(),
});
export type AuthDevice = z.infer<typeof authDeviceSchema>;

export const authDeviceListQuerySchema = listQuerySchema.extend({
  /** Refused identities waiting for a decision (default) or the approvals done. */
  status: authDeviceStatusSchema.default('refused'),
});
export type AuthDeviceListQuery = z.infer<typeof authDeviceListQuerySchema>;

export const AUTH_DEVICE_MESSAGES = {
  notFound: 'Refused device identity not found',
  alreadyDecided: 'This identity was already approved',
  approved: 'Device identity approved',
  dismissed: 'Device identity dismissed',
} as const;
