import { createHash } from 'node:crypto';

/** The simulated devices' factory credentials, as the console's users are told them. */
export const SHELL_USER = 'root';
export const WEB_USER = 'admin';
export const DEVICE_PASSWORD = 'admin01';

/** How a simulated device keeps its admin password: the SHA-256 of its UTF-8, in hex. */
export const passwordSha256 = (password: string): string =>
  createHash('sha256').update(password, 'utf8').digest('hex');

/** Every device's admin password until a `set_password` job changes it (one shared string). */
export const FACTORY_PASSWORD_SHA256 = passwordSha256(DEVICE_PASSWORD);
