// Session actions shared by the header, the startup notices and the entry modals.
import { api, ACCOUNT_BASE } from './api-client';
import { sessionHooks } from './session-hooks';

export async function logout(): Promise<void> {
  try {
    await api.post('/account/logout', { base: ACCOUNT_BASE });
  } catch {
    // Even if the server is unreachable the user asked to leave; the login page starts clean.
  }
  sessionHooks().redirect('/login');
}

export async function cancelImpersonation(): Promise<void> {
  await api.post('/user/impersonation/cancel');
  sessionHooks().reload();
}

export async function revokeImpersonationAccess(): Promise<void> {
  await api.post('/user/revoke-impersonation-access');
  sessionHooks().reload();
}

export async function resendActivation(): Promise<void> {
  await api.post('/account/user/activation/resend', { base: ACCOUNT_BASE });
}
