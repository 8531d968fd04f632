import { z } from 'zod';
import type { CreditType } from '../credit-types.ts';
import { idSchema } from '../list.ts';
import { requiredIdSchema } from './companies.ts';
import { DEVICE_BULK_MAX } from './devices.ts';

/**
 * Data packs (spec "set pack"; netfleet's own API, RMS names no route for it): a device spends one
 * credit of a data license type (`data_150GB_10y`) from its company and may use the type's bytes of
 * mobile data until the type's `validity_months` have passed.
 */
export const DATA_PACK_MESSAGES = {
  typeRequired: 'Choose a data pack type',
  active: 'This device already has an active data pack',
  set: (until: string) => `Data pack active until ${until}`,
  devicesRequired: 'Choose the devices',
} as const;

/** What the set pack form asks: the data pack type to spend. */
export const dataPackChoiceSchema = z.object({
  credit_type_id: z
    .number({ error: () => DATA_PACK_MESSAGES.typeRequired })
    .int()
    .min(1, DATA_PACK_MESSAGES.typeRequired),
});
export type DataPackChoice = z.infer<typeof dataPackChoiceSchema>;

/**
 * PUT /devices/data-pack: `data` lists the devices, each getting a pack of `credit_type_id`; or the
 * body is one device (`device_id`, no `data`), whose refusal then names the body's fields.
 */
export const deviceDataPackBodySchema = dataPackChoiceSchema
  .extend({
    device_id: idSchema.optional(),
    data: z
      .array(z.object({ device_id: requiredIdSchema('Device') }))
      .min(1)
      .max(DEVICE_BULK_MAX)
      .optional(),
  })
  .refine((body) => body.data !== undefined || body.device_id !== undefined, {
    path: ['data'],
    message: DATA_PACK_MESSAGES.devicesRequired,
  });
export type DeviceDataPackBody = z.infer<typeof deviceDataPackBodySchema>;

/** The data pack types of a catalogue. */
export const dataPackTypes = <T extends Pick<CreditType, 'license_type'>>(
  types: readonly T[],
): T[] => types.filter((type) => type.license_type === 'data');
