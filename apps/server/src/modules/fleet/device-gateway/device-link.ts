import { type ConfigMessage, topics } from '@netfleet/contracts';
import type { Broker } from '@/plugins/broker';
import type { DeviceLink } from './gateway.port';

const COMMAND_OPTIONS = { qos: 1, retain: false } as const;

/**
 * What the gateway publishes to devices: commands and monitoring periods, one at a time or many
 * in one hand-over to the broker (a bulk action's commands, a hello batch's periods).
 */
export const createDeviceLink = (broker: Broker, isOnline: (deviceId: number) => boolean) => {
  // Sent after every hello anyway; retained only where the broker keeps it for a device that
  // reconnects while no server is up (Aedes would scan it on every subscription).
  const configOptions = { qos: 1, retain: broker.kind !== 'embedded' } as const;

  /** Publishes each device's periods; answers the indexes the broker did not take. */
  const pushConfigs = (configs: readonly { deviceId: number; config: ConfigMessage }[]) =>
    broker.publishMany(
      configs.map(({ deviceId, config }) => ({
        topic: topics.config(deviceId),
        payload: JSON.stringify(config),
      })),
      configOptions,
    );

  const link: DeviceLink = {
    sendCommand: (deviceId, command) =>
      broker.publish(topics.command(deviceId), JSON.stringify(command), COMMAND_OPTIONS),
    sendCommands: (commands) =>
      broker.publishMany(
        commands.map(({ deviceId, command }) => ({
          topic: topics.command(deviceId),
          payload: JSON.stringify(command),
        })),
        COMMAND_OPTIONS,
      ),
    pushConfig: (deviceId, config) =>
      broker.publish(topics.config(deviceId), JSON.stringify(config), configOptions),
    isOnline,
  };
  return { link, pushConfigs };
};
