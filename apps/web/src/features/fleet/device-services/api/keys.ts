export const CONFIGURE_PATH = '/devices/configurator/configure';
export const READ_CONFIGURATION_PATH = '/devices/configurator/configuration';
export const ACTIONS_PATH = '/devices/configurator/actions';

export const deviceServicesKeys = {
  all: ['device-services'] as const,
  /** One config of a device, read from the device. */
  config: (deviceId: number, config: string) =>
    [...deviceServicesKeys.all, 'config', deviceId, config] as const,
  /** How the device took a configure action. */
  action: (name: string) => [...deviceServicesKeys.all, 'action', name] as const,
};
