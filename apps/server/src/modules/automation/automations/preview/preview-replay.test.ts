import { TELEMETRY_SCHEMAS } from '@netfleet/contracts';
import { describe, expect, it } from 'vitest';
import { compiled, atom, T0, at } from '@/modules/automation/automations/engine/engine.fixtures';
import { replayReadings, type ReplayReading } from './preview-replay';

const reading = (deviceId: number, seconds: number, signal: number): ReplayReading => ({
  deviceId,
  category: 'dynamic',
  ts: at(seconds),
  data: TELEMETRY_SCHEMAS.dynamic.parse({
    uptime: 60,
    temperature: 400,
    wan_state: 'mobile',
    modems: [
      {
        modem: 1,
        sim: 1,
        signal,
        operator: 'Telia',
        network_state: 'registered',
        connection_type: 'LTE',
        rx: 1,
        tx: 1,
      },
    ],
  }),
});

const weakSignal = (timings = {}) =>
  compiled(1, [atom('signal', '<', -110, { hysteresis: 3 })], timings);

describe('preview replay', () => {
  it('counts a fire and a resolve, honouring the hysteresis', () => {
    const readings = [-100, -118, -108, -112, -100].map((signal, i) => reading(7, i * 60, signal));
    const counts = replayReadings(weakSignal(), [7], readings, at(600));
    expect(counts).toMatchObject({ fired: 1, resolved: 1 });
    expect(counts.byDevice.get(7)).toEqual({ fired: 1, resolved: 1 });
  });

  it('fires a delayed rule on the readings clock, also when its delay ends after the last reading', () => {
    const held = [reading(1, 0, -118), reading(1, 60, -118)];
    expect(replayReadings(weakSignal({ delaySeconds: 300 }), [1], held, at(120)).fired).toBe(0);
    expect(replayReadings(weakSignal({ delaySeconds: 300 }), [1], held, at(400)).fired).toBe(1);
    const brief = [reading(1, 0, -118), reading(1, 120, -90)];
    expect(replayReadings(weakSignal({ delaySeconds: 300 }), [1], brief, at(900)).fired).toBe(0);
  });

  it('keeps devices apart and skips a reading whose stored shape no longer fits', () => {
    const readings = [
      reading(1, 0, -118),
      { deviceId: 2, category: 'dynamic' as const, ts: at(1), data: { modems: null } },
      reading(2, 2, -90),
      reading(2, 3, -119),
    ];
    const counts = replayReadings(weakSignal(), [1, 2], readings, new Date(T0 + 10_000));
    expect(counts.fired).toBe(2);
    expect([...counts.byDevice.keys()].sort()).toEqual([1, 2]);
  });
});
