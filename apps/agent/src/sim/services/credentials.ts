/** The simulated devices' factory credentials, as the console's users are told them. */
export const SHELL_USER = 'root';
export const WEB_USER = 'admin';
export const DEVICE_PASSWORD = 'admin01';
