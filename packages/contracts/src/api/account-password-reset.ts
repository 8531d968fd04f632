import { z } from 'zod';
import { loginBodySchema } from './account.ts';
import { newPasswordPairSchema } from './password.ts';

/** How long the link of a password reset mail works; a newer request ends it sooner. */
export const PASSWORD_RESET_TTL_MINUTES = 60;

export const PASSWORD_RESET_MESSAGES = {
  invalidToken: 'This password reset link is invalid, used or expired. Request a new one.',
  tooManyRequests: 'Too many password reset requests. Try again later.',
} as const;

/**
 * POST /account/password/forgot. The answer is the same 200 whether or not an account uses the
 * address, so the form cannot tell who has one; only an active account is mailed a link.
 */
export const forgotPasswordBodySchema = loginBodySchema.pick({ email: true });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

/**
 * POST /account/password/reset with the token of the mailed link (`/account/reset-password?token=…`).
 * An unknown, used or expired token is 400 on `token`; on success every session of the user ends.
 */
export const resetPasswordBodySchema = newPasswordPairSchema.extend({
  token: z.string().min(1).max(200),
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;
