import { z } from 'zod';
import { apiDateSchema } from '../api-dates.ts';
import { creditTypeById, type CreditType } from '../credit-types.ts';
import { successEnvelope } from '../errors.ts';
import { idSchema } from '../list.ts';
import { DEVICE_BULK_MAX } from './devices.ts';
import { requiredIdSchema } from './companies.ts';

/**
 * Device services (RMS device credits): a device of a paid company needs an active management
 * credit. Enabling one that has none spends one credit of a management type, which covers the
 * device for the type's `validity_months`; a daily sweep extends it (auto-extend) or lets it lapse.
 */
export const DEVICE_CREDIT_MESSAGES = {
  typeRequired: 'Choose a management resource type',
  notManagement: 'Choose a management resource type',
  enabled: (until: string | null) =>
    until ? `Credit active until ${until}` : 'Credits enabled; this company needs none',
  disabled: 'Credits disabled',
  updated: 'Device services updated',
  devicesRequired: 'Choose the devices',
} as const;

// RMS flags are integers: 1 on, 0 off (zod writes number literals as `number`).
const flagSchema = z.literal([0, 1], { error: () => 'Must be 0 or 1' }).meta({ type: 'integer' });
const creditTypeIdSchema = z
  .number({ error: () => DEVICE_CREDIT_MESSAGES.typeRequired })
  .int()
  .min(1, DEVICE_CREDIT_MESSAGES.typeRequired);

/** What may change on one device; an absent field stays as it is. */
const deviceCreditChange = {
  credit_enabled: flagSchema.optional(),
  auto_extend_credit: flagSchema.optional(),
  /** A management credit type (license_type management); the next period is paid with it. */
  credit_type_id: creditTypeIdSchema.optional(),
};

/** One item of RMS add_device_credit's `data`. */
export const deviceCreditItemSchema = z.object({
  device_id: requiredIdSchema('Device'),
  ...deviceCreditChange,
});
export type DeviceCreditItem = z.infer<typeof deviceCreditItemSchema>;

/**
 * PUT /devices/credit (RMS add_device_credit): `data` lists the devices; `credit_type_id` (RMS puts
 * it at the top), `credit_enabled` and `auto_extend_credit` at the top apply to every item that
 * does not name its own. netfleet also takes one device as the body itself (`device_id` at the
 * top, no `data`): its errors then name the body's fields, as a form's.
 */
export const deviceCreditBodySchema = z
  .object({
    ...deviceCreditChange,
    device_id: idSchema.optional(),
    data: z.array(deviceCreditItemSchema).min(1).max(DEVICE_BULK_MAX).optional(),
  })
  .refine((body) => body.data !== undefined || body.device_id !== undefined, {
    path: ['data'],
    message: DEVICE_CREDIT_MESSAGES.devicesRequired,
  });
export type DeviceCreditBody = z.infer<typeof deviceCreditBodySchema>;

export const DEVICE_CREDIT_MOVE_MESSAGES = {
  sameDevice: 'Choose another device than the source',
  noPeriod: 'This device has no active resources to move',
  targetActive: 'This device already has active resources',
  targetFree: 'This device’s company needs no resources',
  moved: 'Device resources moved successfully',
} as const;

/**
 * POST /devices/credits/move (netfleet; RMS names the path but does not define it): the source
 * device's running paid period (its management type and expiry) moves to the target device, which
 * must be of a paid company and have no running period of its own; the source is left without one.
 */
export const moveDeviceCreditsBodySchema = z.object({
  source_device_id: requiredIdSchema('Source device'),
  target_device_id: requiredIdSchema('Target device'),
});
export type MoveDeviceCreditsBody = z.infer<typeof moveDeviceCreditsBodySchema>;

/** What moved: the target's period now. */
export const movedDeviceCreditsSchema = z.object({
  source_device_id: z.number().int(),
  target_device_id: z.number().int(),
  credit_type_id: z.number().int().nullable(),
  credit_expire_date: apiDateSchema,
});
export type MovedDeviceCredits = z.infer<typeof movedDeviceCreditsSchema>;
export const movedDeviceCreditsEnvelopeSchema = successEnvelope(movedDeviceCreditsSchema);

/** Whether a credit type can pay for a device's management (spec: license_type management). */
export const isManagementCreditType = (id: number): boolean =>
  creditTypeById(id)?.license_type === 'management';

/** The management types of a catalogue (GET /credits/types answers the caller's). */
export const managementCreditTypes = <T extends Pick<CreditType, 'license_type'>>(
  types: readonly T[],
): T[] => types.filter((type) => type.license_type === 'management');

/** Adds calendar months in UTC, the day kept or, past the month's end, its last day. */
export const addCalendarMonths = (date: Date, months: number): Date => {
  const next = new Date(date);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
};
