import type { Aedes } from 'aedes';

/**
 * Publishes one message to every device subscribed to `topic` at QoS 0 (nothing to acknowledge,
 * nothing kept for devices that are not there) and resolves once Aedes has written it to each of
 * their sockets, or after `waitMs`, whichever comes first. Aedes calls back only when every
 * subscriber's socket took the packet (a full socket's after its drain), so this is the moment the
 * sockets may be destroyed without dropping it; a device whose socket does not drain in time is
 * not worth holding a shutdown for.
 */
export const announce = (
  aedes: Aedes,
  message: { topic: string; payload: string; waitMs: number },
): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, message.waitMs);
    aedes.publish(
      {
        cmd: 'publish',
        topic: message.topic,
        payload: Buffer.from(message.payload),
        qos: 0,
        retain: false,
        dup: false,
      },
      () => {
        clearTimeout(timer);
        resolve();
      },
    );
  });
