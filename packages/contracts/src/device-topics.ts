import { z } from 'zod';

// The device protocol's topics and who may use them (the embedded broker's ACL); the payloads
// live in device-protocol.ts, which re-exports this file so both sides keep one import.

/** Topic root; every device topic lives under `nf/d/<device id>/`. */
export const TOPIC_ROOT = 'nf';

/** MQTT username the enrolment step connects with; it may only use its own enrol topics. */
export const ENROL_USERNAME = 'enrol';

/** A device's MQTT username once enrolled: `d<device id>`. */
export const deviceUsername = (deviceId: number) => `d${deviceId}`;
export const parseDeviceUsername = (username: string | undefined): number | null => {
  const match = /^d([1-9]\d{0,9})$/.exec(username ?? '');
  return match ? Number(match[1]) : null;
};

/** The monitoring categories of spec §9, in config_id order. */
export const TELEMETRY_CATEGORIES = [
  'dynamic',
  'static',
  'hotspot',
  'gps',
  'io',
  'wireless',
  'ddns',
  'vpn',
] as const;
export type TelemetryCategory = (typeof TELEMETRY_CATEGORIES)[number];
export const telemetryCategorySchema = z.enum(TELEMETRY_CATEGORIES);

export const topics = {
  /** device → server: `{enrolRequest}`; the client id is the reply address. */
  enrolRequest: (clientId: string) => `${TOPIC_ROOT}/enrol/req/${clientId}`,
  /** server → device: `{enrolResponse}`. */
  enrolResponse: (clientId: string) => `${TOPIC_ROOT}/enrol/res/${clientId}`,
  /** device → server, retained, QoS 1: `online` on connect, `offline` as the last will. */
  state: (deviceId: number) => `${TOPIC_ROOT}/d/${deviceId}/state`,
  /** device → server, QoS 1, after every connect: model, firmware, agent. */
  hello: (deviceId: number) => `${TOPIC_ROOT}/d/${deviceId}/hello`,
  /** device → server, QoS 1: one category's reading. */
  telemetry: (deviceId: number, category: TelemetryCategory) =>
    `${TOPIC_ROOT}/d/${deviceId}/tm/${category}`,
  /** device → server, QoS 1: command acknowledgements and progress. */
  ack: (deviceId: number) => `${TOPIC_ROOT}/d/${deviceId}/ack`,
  /** device → server, QoS 1: one run of a data-collect config (data-collect.ts). */
  collect: (deviceId: number) => `${TOPIC_ROOT}/d/${deviceId}/dc`,
  /** device → server, QoS 1: one event of a device alert config (device-alerts.ts). */
  alert: (deviceId: number) => `${TOPIC_ROOT}/d/${deviceId}/al`,
  /** device → server, QoS 1: one hub's state and sessions, from an agent in hub mode (device-vpn-hub.ts). */
  hub: (deviceId: number) => `${TOPIC_ROOT}/d/${deviceId}/hub`,
  /** server → device, retained, QoS 1: monitoring periods. */
  config: (deviceId: number) => `${TOPIC_ROOT}/d/${deviceId}/cfg`,
  /** server → device, QoS 1: commands. */
  command: (deviceId: number) => `${TOPIC_ROOT}/d/${deviceId}/cmd`,
  /** server → device, QoS 1, never retained: dial a remote-access tunnel (tunnel/frames.ts). */
  tunnel: (deviceId: number) => `${TOPIC_ROOT}/d/${deviceId}/tun`,
  /**
   * server → every device, QoS 0, never retained: control messages (device-control.ts). One
   * topic for the fleet, so telling 10,000 devices costs the server one publish.
   */
  control: `${TOPIC_ROOT}/all/ctl`,
} as const;

/** What the gateway subscribes to (with `$share/<group>/` in front on an external broker). */
export const SERVER_SUBSCRIPTIONS = [
  `${TOPIC_ROOT}/enrol/req/+`,
  `${TOPIC_ROOT}/d/+/state`,
  `${TOPIC_ROOT}/d/+/hello`,
  `${TOPIC_ROOT}/d/+/tm/+`,
  `${TOPIC_ROOT}/d/+/ack`,
  `${TOPIC_ROOT}/d/+/dc`,
  `${TOPIC_ROOT}/d/+/al`,
  `${TOPIC_ROOT}/d/+/hub`,
] as const;

export const SHARED_SUBSCRIPTION_GROUP = 'netfleet';

export type DeviceTopic =
  | { kind: 'enrol'; clientId: string }
  | { kind: (typeof DEVICE_TOPIC_KINDS)[keyof typeof DEVICE_TOPIC_KINDS]; deviceId: number }
  | { kind: 'telemetry'; deviceId: number; category: TelemetryCategory };

const DEVICE_TOPIC_KINDS = {
  state: 'state',
  hello: 'hello',
  ack: 'ack',
  dc: 'collect',
  al: 'alert',
  hub: 'hub',
  cfg: 'config',
  cmd: 'command',
} as const;

/** Client ids are the enrol reply address: printable, no wildcards or separators. */
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** The meaning of a topic, or null for anything outside the protocol. */
export const parseTopic = (topic: string): DeviceTopic | null => {
  const parts = topic.split('/');
  if (parts[0] !== TOPIC_ROOT) return null;
  if (parts[1] === 'enrol' && parts[2] === 'req' && parts.length === 4) {
    const clientId = parts[3] ?? '';
    return CLIENT_ID_PATTERN.test(clientId) ? { kind: 'enrol', clientId } : null;
  }
  if (parts[1] !== 'd' || !/^[1-9]\d{0,9}$/.test(parts[2] ?? '')) return null;
  const deviceId = Number(parts[2]);
  if (parts.length === 4) {
    const kind = DEVICE_TOPIC_KINDS[parts[3] as keyof typeof DEVICE_TOPIC_KINDS];
    return kind ? { kind, deviceId } : null;
  }
  if (parts.length === 5 && parts[3] === 'tm') {
    const category = telemetryCategorySchema.safeParse(parts[4]);
    return category.success ? { kind: 'telemetry', deviceId, category: category.data } : null;
  }
  return null;
};

/** Topics an enrolled device may publish to, and subscribe to (the embedded broker's ACL). */
export const mayDevicePublish = (deviceId: number, topic: string): boolean => {
  const parsed = parseTopic(topic);
  return (
    parsed !== null &&
    parsed.kind !== 'enrol' &&
    parsed.deviceId === deviceId &&
    ['state', 'hello', 'telemetry', 'ack', 'collect', 'alert', 'hub'].includes(parsed.kind)
  );
};
export const mayDeviceSubscribe = (deviceId: number, topic: string): boolean =>
  topic === topics.control ||
  topic === topics.config(deviceId) ||
  topic === topics.command(deviceId) ||
  topic === topics.tunnel(deviceId);
