import { topics } from '@netfleet/contracts';
import type { MqttClient } from 'mqtt';

/**
 * How long a stopping device waits for the broker to acknowledge its `offline` state, and then for
 * the disconnect: a saturated server holds PUBACKs, and a stop must not wait for it forever.
 */
export const STOP_TIMEOUT_MS = 3000;

/** `promise`'s value if it settles within `ms`, otherwise `fallback`. */
const within = <T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> =>
  new Promise((resolve) => {
    const timer = setTimeout(() => resolve(fallback), ms);
    void promise.then((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });

/**
 * The device says `offline` itself, then disconnects. Each step waits at most `timeoutMs`; a
 * broker that does not acknowledge in time has the connection cut instead, and then publishes the
 * same `offline` as the last will.
 */
export const endSession = async (client: MqttClient, deviceId: number, timeoutMs: number) => {
  const offlineTaken =
    client.connected &&
    (await within(
      client
        .publishAsync(topics.state(deviceId), JSON.stringify({ state: 'offline' }), {
          qos: 1,
          retain: true,
        })
        .then(
          () => true,
          () => false,
        ),
      timeoutMs,
      false,
    ));
  // mqtt.js's clean end also waits for every other unacknowledged publish (telemetry the server
  // holds under back-pressure), so only a client with nothing in flight ends cleanly.
  const force = !offlineTaken || Object.keys(client.outgoing).length > 0;
  const ended = client.endAsync(force).then(
    () => true,
    () => true,
  );
  if (!(await within(ended, timeoutMs, false))) client.stream.destroy();
};
