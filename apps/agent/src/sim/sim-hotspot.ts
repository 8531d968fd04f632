import {
  HOTSPOT_USERS_MAX,
  hotspotCommandArgsSchema,
  hotspotUserAddArgsSchema,
  hotspotUserDeleteArgsSchema,
  type CommandMessage,
  type HotspotSessionsResult,
  type HotspotUsersResult,
} from '@netfleet/contracts';
import type { CommandOutcome } from '../types.ts';
import type { SimDevice } from './sim-device.ts';

/** The one hotspot a simulated device reports (sim-readings.ts). */
export const SIM_HOTSPOT_INDEX = 0;

/** Most active sessions a simulated hotspot shows: "a few", whatever its telemetry counts. */
const MAX_SESSIONS = 5;

/**
 * A simulated hotspot's users (name → password), created on the first hotspot command so that
 * 10k idle devices keep none. Three users to start with, derived from the device, not its random
 * stream: the telemetry of a seed stays the same whatever commands ran.
 */
const usersOf = (device: SimDevice): Map<string, string> => {
  device.hotspotUserList ??= new Map([
    ['guest', 'guest-pass'],
    ['staff', 'staff-pass'],
    [`room-${100 + (device.index % 400)}`, 'room-pass'],
  ]);
  return device.hotspotUserList;
};

const hex = (value: number) => (value & 0xff).toString(16).padStart(2, '0').toUpperCase();

const completed = (result: HotspotUsersResult | HotspotSessionsResult): CommandOutcome => ({
  status: 'completed',
  result: JSON.stringify(result),
});

/**
 * The sessions of the first users, as many as the hotspot's telemetry says are active (at most
 * a few), with addresses and counters that follow from the device, not from chance.
 */
const sessionsOf = (device: SimDevice): HotspotSessionsResult => {
  const names = [...usersOf(device).keys()];
  const count = Math.min(device.hotspotUsers, names.length, MAX_SESSIONS);
  const now = device.now();
  return {
    sessions: names.slice(0, count).map((username, i) => ({
      username,
      ip: `192.168.2.${10 + i}`,
      mac: `02:00:00:${hex(device.index >> 8)}:${hex(device.index)}:${hex(i)}`,
      started_at: now - (i + 1) * 7 * 60_000,
      rx: (i + 1) * 1_250_000,
      tx: (i + 1) * 310_000,
    })),
  };
};

/** Adds or removes a user; the device's own rules (unique names, a size limit) apply. */
const changeUsers = (users: Map<string, string>, command: CommandMessage): CommandOutcome => {
  if (command.type === 'hotspot_user_add') {
    const args = hotspotUserAddArgsSchema.safeParse(command.args);
    if (!args.success) return { status: 'rejected', message: 'invalid hotspot arguments' };
    const { username, password } = args.data;
    if (users.has(username)) {
      return { status: 'failed', message: `User ${username} already exists` };
    }
    if (users.size >= HOTSPOT_USERS_MAX) {
      return { status: 'failed', message: `The hotspot already has ${HOTSPOT_USERS_MAX} users` };
    }
    users.set(username, password);
    return { status: 'completed', message: `User ${username} added` };
  }
  const args = hotspotUserDeleteArgsSchema.safeParse(command.args);
  if (!args.success) return { status: 'rejected', message: 'invalid hotspot arguments' };
  const { username } = args.data;
  if (!users.delete(username)) return { status: 'failed', message: `User ${username} not found` };
  return { status: 'completed', message: `User ${username} removed` };
};

/** A simulated router's answer to hotspot_users, hotspot_sessions and the user changes. */
export const runHotspotCommand = (device: SimDevice, command: CommandMessage): CommandOutcome => {
  if (!device.capabilities.has_hotspot) {
    return { status: 'rejected', message: 'This device has no hotspot' };
  }
  const target = hotspotCommandArgsSchema.safeParse(command.args);
  if (!target.success) return { status: 'rejected', message: 'invalid hotspot arguments' };
  const { index } = target.data;
  if (index !== SIM_HOTSPOT_INDEX) {
    return { status: 'failed', message: `Hotspot ${index} not found` };
  }
  const users = usersOf(device);
  if (command.type === 'hotspot_users') {
    return completed({ users: [...users.keys()].map((username) => ({ username })) });
  }
  if (command.type === 'hotspot_sessions') return completed(sessionsOf(device));
  return changeUsers(users, command);
};
