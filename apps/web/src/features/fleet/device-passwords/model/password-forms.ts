import { z } from 'zod';
import {
  DEVICE_PASSWORD_MAX_LENGTH,
  DEVICE_PASSWORD_MIN_LENGTH,
  devicePasswordSchema,
  type GeneratePasswordsBody,
  type SetPasswordsBody,
} from '@netfleet/contracts';
import { PASSWORD_TEXTS as T } from '../texts';

/** A device the dialog changes; the name makes its rows in 'Action status' and failures readable. */
export interface PasswordDevice {
  id: number;
  name?: string | undefined;
}

export const deviceLabel = (device: PasswordDevice): string => device.name || String(device.id);

// An empty number input is NaN: z.number refuses it with the range as the message.
export const generateFormSchema = z.object({
  length: z
    .number({ error: T.lengthRange })
    .int(T.lengthRange)
    .min(DEVICE_PASSWORD_MIN_LENGTH, T.lengthRange)
    .max(DEVICE_PASSWORD_MAX_LENGTH, T.lengthRange),
  use_special: z.boolean(),
});
export type GenerateFormValues = z.infer<typeof generateFormSchema>;

export const GENERATE_DEFAULTS: GenerateFormValues = { length: 16, use_special: false };

export const toGenerateBody = (
  devices: readonly PasswordDevice[],
  values: GenerateFormValues,
): GeneratePasswordsBody => ({
  data: devices.map((device) => ({
    id: device.id,
    length: values.length,
    use_special: values.use_special ? 1 : 0,
  })),
});

/**
 * One item of setPasswordsBodySchema without its device: the same password rule and the same
 * check of the confirmation (zod cannot omit `id` from the contract's refined item).
 */
export const setFormSchema = z
  .object({
    password: devicePasswordSchema,
    password_confirmation: z.string().max(DEVICE_PASSWORD_MAX_LENGTH),
    show_password: z.boolean(),
  })
  .refine((values) => values.password === values.password_confirmation, {
    message: T.confirmationMismatch,
    path: ['password_confirmation'],
  });
export type SetFormValues = z.infer<typeof setFormSchema>;

export const SET_DEFAULTS: SetFormValues = {
  password: '',
  password_confirmation: '',
  show_password: false,
};

export const toSetBody = (
  devices: readonly PasswordDevice[],
  values: SetFormValues,
): SetPasswordsBody => ({ data: devices.map((device) => ({ id: device.id, ...values })) });
