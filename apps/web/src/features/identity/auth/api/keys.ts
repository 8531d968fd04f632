// Query and mutation keys of the auth feature; the account service calls are all mutations.
export const authKeys = {
  all: ['auth'] as const,
  login: () => [...authKeys.all, 'login'] as const,
  logout: () => [...authKeys.all, 'logout'] as const,
  verifyEmail: () => [...authKeys.all, 'verify-email'] as const,
  forgotPassword: () => [...authKeys.all, 'forgot-password'] as const,
  resetPassword: () => [...authKeys.all, 'reset-password'] as const,
};
