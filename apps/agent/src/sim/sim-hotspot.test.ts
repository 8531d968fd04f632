import { describe, expect, it } from 'vitest';
import {
  HOTSPOT_USERS_MAX,
  hotspotSessionsResultSchema,
  hotspotUsersResultSchema,
  type CommandMessage,
} from '@netfleet/contracts';
import type { CommandContext, CommandOutcome } from '../types.ts';
import { SIM_MODELS } from './catalogue.ts';
import { runSimCommand } from './sim-commands.ts';
import { SimDevice } from './sim-device.ts';
import { simReading } from './sim-readings.ts';

const NOW = 1_750_000_000_000;
const context: CommandContext = {
  progress: async () => undefined,
  sendAllTelemetry: () => undefined,
  restart: async () => undefined,
  collect: () => undefined,
};

let jobId = 0;
const command = (type: CommandMessage['type'], args: Record<string, unknown>): CommandMessage => ({
  id: ++jobId,
  type,
  args,
  expires_at: NOW + 60_000,
});

/** A simulated device of a model and firmware with (or without) a hotspot. */
const deviceWith = (hasHotspot: boolean) => {
  for (let index = 0; index < SIM_MODELS.length * 8; index += 1) {
    const device = new SimDevice(index, 3, () => NOW);
    if (device.capabilities.has_hotspot === hasHotspot) return device;
  }
  throw new Error('no such device in the fleet');
};

const run = (device: SimDevice, type: CommandMessage['type'], args: Record<string, unknown>) =>
  runSimCommand(device, command(type, args), context, { rebootMs: 0 });

const usersOf = async (device: SimDevice) => {
  const outcome = await run(device, 'hotspot_users', { index: 0 });
  expect(outcome.status).toBe('completed');
  return hotspotUsersResultSchema
    .parse(JSON.parse(outcome.result ?? ''))
    .users.map((user) => user.username);
};

describe('simulated hotspot users', () => {
  it('lists a few users to start with, answering the shape the server parses', async () => {
    const device = deviceWith(true);
    expect(await usersOf(device)).toEqual(['guest', 'staff', `room-${100 + device.index}`]);
  });

  it('adds and removes users, refusing duplicates and unknown names', async () => {
    const device = deviceWith(true);
    const add = (username: string) =>
      run(device, 'hotspot_user_add', { index: 0, username, password: 'secret 1' });
    expect(await add('lobby')).toMatchObject({ status: 'completed' });
    expect(await usersOf(device)).toContain('lobby');
    expect(await add(' lobby ')).toEqual({
      status: 'failed',
      message: 'User lobby already exists',
    });

    expect(await run(device, 'hotspot_user_delete', { index: 0, username: 'lobby' })).toMatchObject(
      { status: 'completed' },
    );
    expect(await usersOf(device)).not.toContain('lobby');
    expect(await run(device, 'hotspot_user_delete', { index: 0, username: 'lobby' })).toEqual({
      status: 'failed',
      message: 'User lobby not found',
    });
  });

  it('stops at the most users a list can carry', async () => {
    const device = deviceWith(true);
    const start = (await usersOf(device)).length;
    for (let i = start; i < HOTSPOT_USERS_MAX; i += 1) {
      await run(device, 'hotspot_user_add', { index: 0, username: `u${i}`, password: 'p' });
    }
    const outcome: CommandOutcome = await run(device, 'hotspot_user_add', {
      index: 0,
      username: 'one-too-many',
      password: 'p',
    });
    expect(outcome).toEqual({
      status: 'failed',
      message: `The hotspot already has ${HOTSPOT_USERS_MAX} users`,
    });
    // The full list still fits the ack's 16 KiB result.
    const list = await run(device, 'hotspot_users', { index: 0 });
    expect(list.result?.length).toBeLessThan(16 * 1024);
  });

  it('shows at most a few sessions, as many as its telemetry says are active', async () => {
    const device = deviceWith(true);
    device.hotspotUsers = 0;
    const none = await run(device, 'hotspot_sessions', { index: 0 });
    expect(hotspotSessionsResultSchema.parse(JSON.parse(none.result ?? '')).sessions).toEqual([]);

    device.hotspotUsers = 2;
    const two = await run(device, 'hotspot_sessions', { index: 0 });
    const { sessions } = hotspotSessionsResultSchema.parse(JSON.parse(two.result ?? ''));
    expect(sessions.map((session) => session.username)).toEqual(['guest', 'staff']);
    expect(sessions[0]).toMatchObject({ ip: '192.168.2.10', started_at: NOW - 7 * 60_000 });
    expect(sessions[0]?.mac).toMatch(/^([0-9A-F]{2}:){5}[0-9A-F]{2}$/);
  });

  it('keeps the telemetry of a seed the same whatever hotspot commands ran', async () => {
    const readings = async (withCommands: boolean) => {
      const device = deviceWith(true);
      if (withCommands) await usersOf(device);
      return JSON.stringify([simReading(device, 'hotspot'), simReading(device, 'dynamic')]);
    };
    expect(await readings(true)).toBe(await readings(false));
  });

  it('refuses without a hotspot, for another index and with bad arguments', async () => {
    expect(await run(deviceWith(false), 'hotspot_users', { index: 0 })).toEqual({
      status: 'rejected',
      message: 'This device has no hotspot',
    });
    const device = deviceWith(true);
    expect(await run(device, 'hotspot_users', { index: 3 })).toEqual({
      status: 'failed',
      message: 'Hotspot 3 not found',
    });
    expect(await run(device, 'hotspot_users', { index: 'x' })).toMatchObject({
      status: 'rejected',
    });
    expect(
      await run(device, 'hotspot_user_add', { index: 0, username: 'a\u0001', password: 'p' }),
    ).toMatchObject({ status: 'rejected' });
  });
});
