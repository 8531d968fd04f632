// Where the password reset pages live (route catalogue) and how the login page learns of a reset.
import { pathForRouteName } from '@netfleet/contracts';
import { loginPath } from '@/lib/session-hooks';

/** Query parameter of the login page after a reset: it then says the new password is set. */
export const PASSWORD_RESET_PARAM = 'password_reset';

export function forgotPasswordPath(): string {
  const path = pathForRouteName('forgot-password');
  if (!path) throw new Error('The route catalogue has no forgot-password route');
  return path;
}

export function loginAfterResetPath(): string {
  return `${loginPath()}?${PASSWORD_RESET_PARAM}=1`;
}
