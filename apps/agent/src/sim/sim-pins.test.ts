import { describe, expect, it } from 'vitest';
import type { CommandOutcome } from '../types.ts';
import { runSimCommand } from './sim-commands.ts';
import { SimDevice } from './sim-device.ts';
import { simReading } from './sim-readings.ts';

let nextId = 1;
/** Runs one `command` job on `device`; also says whether it sent its readings at once. */
const run = async (device: SimDevice, command: string) => {
  let sent = 0;
  const outcome: CommandOutcome = await runSimCommand(
    device,
    { id: nextId++, type: 'command', args: { command }, expires_at: Date.now() + 60_000 },
    {
      progress: async () => undefined,
      sendAllTelemetry: () => void (sent += 1),
      restart: async () => undefined,
      collect: () => undefined,
    },
    { rebootMs: 10 },
  );
  return { outcome, sent };
};

/** The first device of the fleet's model rotation that has a modem. */
const modemDevice = () => {
  for (let index = 0; ; index++) {
    const device = new SimDevice(index, 42, () => 1_750_000_000_000);
    if (device.modems.length > 0) return device;
  }
};

const dynamic = (device: SimDevice) => {
  const reading = simReading(device, 'dynamic');
  if (!reading) throw new Error('no dynamic reading');
  return reading;
};

describe('nf-sim pins (driving a simulated device by hand)', () => {
  it('holds every modem at a pinned signal and sends a reading at once', async () => {
    const device = modemDevice();
    const { outcome, sent } = await run(device, 'nf-sim pin signal=-118');
    expect(outcome).toEqual({ status: 'completed', result: 'pinned: signal=-118 dBm' });
    expect(sent).toBe(1);
    for (let i = 0; i < 5; i++) {
      for (const modem of dynamic(device).modems) expect(modem.signal).toBe(-118);
    }
  });

  it('pins the temperature in °C (readings carry tenths) and lists what is pinned', async () => {
    const device = modemDevice();
    await run(device, 'nf-sim pin temperature=80 signal=-60');
    expect(dynamic(device).temperature).toBe(800);
    expect((await run(device, 'nf-sim pins')).outcome).toEqual({
      status: 'completed',
      result: 'pinned: signal=-60 dBm, temperature=80 °C',
    });
  });

  it('walks on from the pinned value once unpinned', async () => {
    const device = modemDevice();
    await run(device, 'nf-sim pin signal=-100 temperature=30');
    dynamic(device);
    const { outcome, sent } = await run(device, 'nf-sim unpin signal');
    expect(outcome).toEqual({ status: 'completed', result: 'pinned: temperature=30 °C' });
    expect(sent).toBe(1);
    const signal = dynamic(device).modems[0]?.signal ?? 0;
    expect(Math.abs(signal + 100)).toBeLessThanOrEqual(4);
    await run(device, 'nf-sim unpin all');
    expect(device.pins).toEqual({});
  });

  it('refuses unknown readings and values out of range, pinning nothing', async () => {
    const device = modemDevice();
    for (const [line, message] of [
      ['nf-sim pin voltage=3', 'unknown reading "voltage": signal, temperature'],
      ['nf-sim pin signal=-200', 'signal must be a whole number from -140 to 0 dBm'],
      ['nf-sim pin signal=weak', 'signal must be a whole number from -140 to 0 dBm'],
      ['nf-sim pin', 'usage: nf-sim pin <key>=<value> ...'],
      ['nf-sim unpin voltage', 'unknown reading "voltage"'],
    ] as const) {
      const { outcome, sent } = await run(device, line);
      expect(outcome).toMatchObject({ status: 'failed', result: message });
      expect(sent).toBe(0);
    }
    expect(device.pins).toEqual({});
  });

  it('leaves other command lines to the canned shell', async () => {
    const { outcome } = await run(modemDevice(), 'uptime');
    expect(outcome).toMatchObject({ status: 'completed', result: expect.stringMatching(/load/) });
  });
});
