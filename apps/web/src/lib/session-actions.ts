// Session actions shared by the header, the startup notices, the entry modals and the auth and
// account features, so each of these account-service calls is written once.
import {
  impersonationAccessResponseSchema,
  type ImpersonationAccessResponse,
  type PasswordConfirmationBody,
} from '@netfleet/contracts';
import { api, ACCOUNT_BASE } from './api-client';
import { disconnectRealtime } from './realtime/active-client';
import { trackSessionExpiry } from './session-expiry';
import { loginPath, sessionHooks } from './session-hooks';

/** POST /account/logout: ends the session; the server clears its cookies. */
export async function endSession(): Promise<void> {
  await api.post('/account/logout', { base: ACCOUNT_BASE });
}

export async function logout(): Promise<void> {
  // Closed first: the socket must not reconnect with a session that is about to end, nor the
  // renewal at `exp` bring it back.
  disconnectRealtime();
  trackSessionExpiry(null);
  try {
    await endSession();
  } catch {
    // Even if the server is unreachable the user asked to leave; the login page starts clean.
  }
  sessionHooks().redirect(loginPath());
}

export async function cancelImpersonation(): Promise<void> {
  await api.post('/user/impersonation/cancel');
  sessionHooks().reload();
}

/** Withdraws support's impersonation access; the answer carries the new (empty) limit. */
export async function revokeImpersonationAccess(): Promise<ImpersonationAccessResponse> {
  const { data } = await api.post<unknown>('/user/revoke-impersonation-access');
  return impersonationAccessResponseSchema.parse(data);
}

export async function resendActivation(): Promise<void> {
  await api.post('/account/user/activation/resend', { base: ACCOUNT_BASE });
}

/**
 * POST /api/password-confirmation (spec §8 423): unlocks sensitive requests for a while. A wrong
 * password is 422 CONFIRMATION_FAILED on `password`; never itself answered with the dialog.
 */
export async function confirmPassword(body: PasswordConfirmationBody): Promise<void> {
  await api.post('/password-confirmation', { body, noConfirm: true });
}
