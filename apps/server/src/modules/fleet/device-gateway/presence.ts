import type { PresenceRepository } from './presence.repository';

/**
 * Whether devices are connected, for anything that is about to ask a device something. Every
 * caller goes through here rather than the link's `isOnline`, which knows only this instance.
 */
export interface Presence {
  isOnline(deviceId: number): Promise<boolean>;
  /** The connected devices among `deviceIds`: one query at most, for lists. */
  onlineAmong(deviceIds: Iterable<number>): Promise<Set<number>>;
}

export interface PresenceDeps {
  /** This instance's liveness (DeviceLink.isOnline). */
  here(deviceId: number): boolean;
  /**
   * Whether other instances may hold the device's connection: behind an external broker
   * (MQTT_URL) shared subscriptions hand each device message to one instance, so a device whose
   * state and hello went elsewhere is unknown here; any instance can still publish to it. With
   * the embedded broker this instance is the only one and its own view is the whole truth.
   */
  shared: boolean;
  repository: Pick<PresenceRepository, 'onlineAmong'>;
}

/**
 * Online here, or (shared) online as the database says: the status column the instances'
 * liveness flushes write, at most a flush (a second) behind. A device the database still calls
 * online after it left is no worse than one that leaves mid-request: the request's own timeout
 * (tunnel dial, device request, job expiry) answers it.
 */
export const createPresence = ({ here, shared, repository }: PresenceDeps): Presence => {
  const onlineAmong = async (deviceIds: Iterable<number>) => {
    const online = new Set<number>();
    const unknown: number[] = [];
    for (const id of new Set(deviceIds)) {
      if (here(id)) online.add(id);
      else unknown.push(id);
    }
    if (!shared || unknown.length === 0) return online;
    for (const id of await repository.onlineAmong(unknown)) online.add(id);
    return online;
  };
  return {
    // Online here is answered without a query (every device, with one instance).
    isOnline: async (deviceId) =>
      here(deviceId) || (shared && (await repository.onlineAmong([deviceId])).length > 0),
    onlineAmong,
  };
};
