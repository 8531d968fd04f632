import type { Config } from '@/config';
import type { Broker } from './broker';
import { createEmbeddedBroker } from './broker-embedded';
import { createExternalBroker, stableClientId } from './broker-external';

/** The embedded Aedes on MQTT_PORT (on HOST), or the broker at MQTT_URL. */
export const createBroker = (config: Config): Broker =>
  config.mqttUrl
    ? createExternalBroker({ url: config.mqttUrl, clientId: stableClientId(config) })
    : createEmbeddedBroker({ port: config.mqttPort, host: config.host });
