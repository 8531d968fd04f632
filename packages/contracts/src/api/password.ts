import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 1024;

/** A password the user chooses (the server only checks length; argon2id does the rest). */
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH);

const currentPassword = z.string().min(1, 'Enter your password').max(PASSWORD_MAX_LENGTH);

/**
 * A new password typed twice, as every form that sets one asks for it; `.extend()` it with the
 * form's other fields (the mismatch check stays, on `password_confirmation`).
 */
export const newPasswordPairSchema = z
  .object({
    password: newPasswordSchema,
    password_confirmation: z.string().max(PASSWORD_MAX_LENGTH),
  })
  .refine((body) => body.password === body.password_confirmation, {
    path: ['password_confirmation'],
    message: 'Passwords do not match',
  });

/**
 * PUT /account/password. A wrong current password is 422 CONFIRMATION_FAILED on
 * `current_password`; other sessions of the user end, the current one stays.
 */
export const changePasswordBodySchema = newPasswordPairSchema.extend({
  current_password: currentPassword,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/**
 * Sensitive requests (spec §8 423) answer 423 PASSWORD_CONFIRMATION_REQUIRED unless the session
 * confirmed its password within this many seconds; the console then asks for the password,
 * POSTs /api/password-confirmation and retries the request.
 */
export const PASSWORD_CONFIRMATION_TTL_SECONDS = 15 * 60;

/** POST /api/password-confirmation; a wrong password is 422 CONFIRMATION_FAILED on `password`. */
export const passwordConfirmationBodySchema = z.object({ password: currentPassword });
export type PasswordConfirmationBody = z.infer<typeof passwordConfirmationBodySchema>;
