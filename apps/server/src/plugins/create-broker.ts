import type { Config } from '@/config';
import { createEmbeddedBroker, type EmbeddedBroker } from './broker-embedded';
import { createExternalBroker, type ExternalBroker, stableClientId } from './broker-external';

/** The embedded Aedes on MQTT_PORT (on HOST), or the broker at MQTT_URL. */
export const createBroker = (config: Config): EmbeddedBroker | ExternalBroker =>
  config.mqttUrl
    ? createExternalBroker({ url: config.mqttUrl, clientId: stableClientId(config) })
    : createEmbeddedBroker({ port: config.mqttPort, host: config.host });
