// Accounts created by scripts/e2e-server.mjs (server admin env + demo seed).
export const SUPER_ADMIN = { email: 'admin@e2e.netfleet.test', password: 'e2e-admin-password' };
export const ADVANCED_GUEST = {
  email: 'readonly-admin@demo.netfleet.test',
  password: 'e2e-demo-password',
};
export const GUEST = { email: 'read-only@demo.netfleet.test', password: 'e2e-demo-password' };
/** A demo End Client whose account the super admin impersonates. */
export const SUPPORT_TARGET = {
  email: 'end-user@demo.netfleet.test',
  password: 'e2e-demo-password',
};
export const SUPPORT_STAFF = { email: 'support@demo.netfleet.test', password: 'e2e-demo-password' };
/** A demo Administrator whose password the password-change test changes. */
export const PASSWORD_CHANGER = {
  email: 'admin@demo.netfleet.test',
  password: 'e2e-demo-password',
};
