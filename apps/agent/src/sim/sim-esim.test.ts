import { describe, expect, it } from 'vitest';
import {
  ESIM_MESSAGES,
  esimBootstrapStatusSchema,
  staticTelemetrySchema,
  type CommandMessage,
  type TelemetryCategory,
} from '@netfleet/contracts';
import type { CommandContext } from '../types.ts';
import { SIM_MODELS } from './catalogue.ts';
import { runSimCommand } from './sim-commands.ts';
import { SimDevice } from './sim-device.ts';
import { simReading } from './sim-readings.ts';

const NOW = 1_750_000_000_000;
const sent: TelemetryCategory[] = [];
const context: CommandContext = {
  progress: async () => undefined,
  sendAllTelemetry: () => undefined,
  sendReading: (category) => sent.push(category),
  restart: async () => undefined,
  collect: () => undefined,
};

let jobId = 0;
const esim = (
  args: Record<string, unknown>,
  type: CommandMessage['type'] = 'esim_profile',
): CommandMessage => ({
  id: ++jobId,
  type,
  args,
  expires_at: NOW + 60_000,
});

const deviceWith = (hasEsim: boolean) => {
  for (let index = 0; index < SIM_MODELS.length * 8; index += 1) {
    const device = new SimDevice(index, 3, () => NOW);
    if (device.capabilities.has_esim === hasEsim) return device;
  }
  throw new Error('no such device in the fleet');
};

const run = (device: SimDevice, args: Record<string, unknown>) =>
  runSimCommand(device, esim(args), context, { rebootMs: 0 });

const profilesOf = (device: SimDevice) =>
  staticTelemetrySchema.parse(simReading(device, 'static')).esim_profiles;

describe('simulated eSIM profiles', () => {
  it('reports one enabled profile on has_esim models, none elsewhere', () => {
    const device = deviceWith(true);
    const profiles = profilesOf(device);
    expect(profiles).toHaveLength(1);
    expect(profiles?.[0]?.state).toBe('enabled');
    // The same ICCID as the eSIM slot of the reading.
    const reading = staticTelemetrySchema.parse(simReading(device, 'static'));
    expect(reading.sims.find((sim) => sim.slot === 'esim')?.iccid).toBe(profiles?.[0]?.iccid);
    expect(profilesOf(deviceWith(false))).toBeUndefined();
  });

  it('adds a profile from an activation code, enables, disables and deletes it', async () => {
    const device = deviceWith(true);
    const first = profilesOf(device)?.[0]?.iccid;
    sent.length = 0;
    const add = await run(device, {
      action: 'add',
      activation_code: 'LPA:1$smdp.operator.example$ABC-123',
    });
    expect(add.status).toBe('completed');
    expect(sent).toEqual(['static']);
    const added = profilesOf(device)?.[1];
    expect(added).toMatchObject({ state: 'disabled', operator: 'operator.example' });
    expect(added?.iccid).toMatch(/^\d{19}$/);
    // The same code again: the eUICC already holds it.
    expect(
      await run(device, { action: 'add', activation_code: 'LPA:1$smdp.operator.example$ABC-123' }),
    ).toEqual({ status: 'failed', message: ESIM_MESSAGES.profileExists });

    expect((await run(device, { action: 'enable', iccid: added?.iccid })).status).toBe('completed');
    expect(profilesOf(device)?.map((profile) => profile.state)).toEqual(['disabled', 'enabled']);
    expect(await run(device, { action: 'delete', iccid: added?.iccid })).toEqual({
      status: 'failed',
      message: ESIM_MESSAGES.deleteEnabled,
    });
    expect((await run(device, { action: 'disable', iccid: added?.iccid })).status).toBe(
      'completed',
    );
    expect((await run(device, { action: 'delete', iccid: added?.iccid })).status).toBe('completed');
    expect(profilesOf(device)?.map((profile) => profile.iccid)).toEqual([first]);
  });

  it('refuses bad args, unknown profiles and devices without an eSIM', async () => {
    const device = deviceWith(true);
    expect((await run(device, { action: 'add', activation_code: 'LPA:2$x$y' })).status).toBe(
      'rejected',
    );
    expect(await run(device, { action: 'enable', iccid: '8937000000000000000' })).toEqual({
      status: 'failed',
      message: ESIM_MESSAGES.profileNotFound,
    });
    expect(
      await run(deviceWith(false), { action: 'disable', iccid: '8937000000000000000' }),
    ).toEqual({ status: 'rejected', message: ESIM_MESSAGES.notSupported });
  });
});

describe('simulated eSIM bootstrap status', () => {
  const bootstrap = async (device: SimDevice) => {
    const outcome = await runSimCommand(device, esim({}, 'esim_bootstrap'), context, {
      rebootMs: 0,
    });
    return {
      outcome,
      status: esimBootstrapStatusSchema.safeParse(JSON.parse(outcome.result ?? 'null')),
    };
  };

  it('holds a plainly simulated bootstrap profile, enabled while no operator profile is', async () => {
    const device = deviceWith(true);
    const first = await bootstrap(device);
    expect(first.outcome.status).toBe('completed');
    expect(first.status.data).toEqual({
      bootstrap: {
        iccid: expect.stringMatching(/^8999\d{15}$/),
        provider: 'netfleet simulator (bootstrap)',
        enabled: false,
      },
      operational_profile: true,
    });
    const iccid = profilesOf(device)?.[0]?.iccid;
    expect((await run(device, { action: 'disable', iccid })).status).toBe('completed');
    expect((await bootstrap(device)).status.data?.bootstrap?.enabled).toBe(true);
    expect((await run(device, { action: 'delete', iccid })).status).toBe('completed');
    expect((await bootstrap(device)).status.data).toMatchObject({ operational_profile: false });
  });

  it('refuses on a model without eSIM', async () => {
    expect((await bootstrap(deviceWith(false))).outcome).toEqual({
      status: 'rejected',
      message: ESIM_MESSAGES.notSupported,
    });
  });
});
