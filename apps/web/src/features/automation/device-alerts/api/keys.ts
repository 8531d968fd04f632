export const CONFIGS_PATH = '/alerts-configurations';
export const DEVICE_CONFIGS_PATH = '/devices/alerts-configurations';
export const SMTP_PATH = '/email-configurations';

export const configPath = (id: number) => `${CONFIGS_PATH}/${id}`;
export const deviceConfigPath = (deviceId: number, id: number) =>
  `/devices/${deviceId}/alerts-configurations/${id}`;

export const deviceAlertsKeys = {
  all: ['device-alerts'] as const,
  configsOf: (deviceId: number) => [...deviceAlertsKeys.all, 'configs', deviceId] as const,
  config: (id: number) => [...deviceAlertsKeys.all, 'config', id] as const,
  smtp: () => [...deviceAlertsKeys.all, 'smtp'] as const,
};
