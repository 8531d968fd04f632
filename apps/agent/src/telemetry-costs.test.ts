import type { MqttClient } from 'mqtt';
import { describe, expect, it } from 'vitest';
import { MONITORING, TELEMETRY_CATEGORIES, type TelemetryCategory } from '@netfleet/contracts';
import { SIM_MODELS } from './sim/catalogue.ts';
import { SimDevice } from './sim/sim-device.ts';
import { simReading } from './sim/sim-readings.ts';
import { TelemetryTimers } from './telemetry-timers.ts';
import { newCounters } from './types.ts';

// The MONITORING byte costs (contracts constants.ts) are measured on these messages; a protocol
// or simulator change that makes a reading bigger than its figure allows must update the figure.

/** A six-digit device id, as the declared figures assume. */
const DEVICE_ID = 123_456;
/** How far a measured message may outgrow its declared cost before the figure is stale. */
const TOLERANCE = 1.15;
/** MQTT 3.1.1 §3.4: the PUBACK a QoS 1 publish gets back, the device's only download for it. */
const PUBACK_BYTES = 4;

interface Published {
  topic: string;
  payload: string;
  qos: number;
}

const utf8Bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/** MQTT 3.1.1 §2.2.3: the remaining length is a base-128 varint of one to four bytes. */
const varintBytes = (value: number) =>
  value < 128 ? 1 : value < 16_384 ? 2 : value < 2_097_152 ? 3 : 4;

/**
 * MQTT 3.1.1 §3.3: a PUBLISH is a type byte, the remaining length, the length-prefixed topic, a
 * packet id from QoS 1 on, then the payload.
 */
const publishBytes = ({ topic, payload, qos }: Published) => {
  const remaining = 2 + utf8Bytes(topic) + (qos > 0 ? 2 : 0) + utf8Bytes(payload);
  return 1 + varintBytes(remaining) + remaining;
};

/** Every reading a simulated fleet of every model and firmware publishes over a few periods. */
async function publishedReadings(): Promise<Map<TelemetryCategory, Published[]>> {
  const byCategory = new Map<TelemetryCategory, Published[]>();
  const client = {
    connected: true,
    publish(topic: string, payload: string, options: { qos: number }) {
      const category = topic.split('/').at(-1) as TelemetryCategory;
      const list = byCategory.get(category) ?? [];
      list.push({ topic, payload, qos: options.qos });
      byCategory.set(category, list);
    },
  } as unknown as MqttClient;
  const now = () => 1_750_000_000_000;
  for (let index = 0; index < SIM_MODELS.length * 8; index += 1) {
    const device = new SimDevice(index, 3, now);
    const timers = new TelemetryTimers({
      deviceId: DEVICE_ID,
      behaviour: { read: (category) => simReading(device, category) },
      counters: newCounters(),
      client: () => client,
      stopped: () => false,
      random: Math.random,
    });
    for (let period = 0; period < 3; period += 1) timers.sendAll();
  }
  // sendAll publishes after each reading's (synchronous here) read resolves.
  await new Promise((resolve) => setImmediate(resolve));
  return byCategory;
}

describe('monitoring byte costs', () => {
  it('counts MQTT PUBLISH packets byte for byte', () => {
    // 0x32, remaining length 12, topic "a/b" after its two length bytes, packet id, "hello".
    expect(publishBytes({ topic: 'a/b', payload: 'hello', qos: 1 })).toBe(14);
    expect(publishBytes({ topic: 'a/b', payload: 'x'.repeat(200), qos: 1 })).toBe(1 + 2 + 207);
  });

  it('declares a cost for every category that covers what the simulator publishes', async () => {
    const readings = await publishedReadings();
    for (const category of TELEMETRY_CATEGORIES) {
      const entry = MONITORING.find((candidate) => candidate.key === category);
      const messages = readings.get(category) ?? [];
      expect(entry, category).toBeDefined();
      expect(messages.length, `${category}: no simulated device sends it`).toBeGreaterThan(0);
      expect(messages.every((message) => message.qos === 1)).toBe(true);
      const largest = Math.max(...messages.map(publishBytes));
      expect(
        largest,
        `${category} up: ${largest} bytes measured, ${entry?.bytes.up} declared`,
      ).toBeLessThanOrEqual((entry?.bytes.up ?? 0) * TOLERANCE);
      expect(PUBACK_BYTES, `${category} down`).toBeLessThanOrEqual(
        (entry?.bytes.down ?? 0) * TOLERANCE,
      );
    }
  });
});
