import { wirelessTelemetrySchema } from '@netfleet/contracts';
import { describe, expect, it } from 'vitest';
import { SIM_MODELS } from './catalogue.ts';
import { SimDevice } from './sim-device.ts';
import { simReading } from './sim-readings.ts';

const START = 1_750_000_000_000;

/** A RUTX11 (two radios) whose firmware reports Wi-Fi, on a clock the test moves. */
const wifiDevice = () => {
  const clock = { now: START };
  const device = Array.from(
    { length: 20 },
    (_, round) =>
      new SimDevice(SIM_MODELS.indexOf('RUTX11') + round * SIM_MODELS.length, 5, () => clock.now),
  ).find((candidate) => candidate.capabilities.has_wifi);
  if (!device) throw new Error('no RUTX11 firmware with Wi-Fi monitoring');
  return { device, clock };
};

const readAfter = (device: SimDevice, clock: { now: number }, seconds: number) => {
  clock.now += seconds * 1000;
  const reading = simReading(device, 'wireless');
  if (!reading) throw new Error('no wireless reading');
  return wirelessTelemetrySchema.parse(reading).interfaces;
};

describe('simulated Wi-Fi byte counters', () => {
  it('only grow, by what the connected clients moved since the last reading', () => {
    const { device, clock } = wifiDevice();
    let previous = readAfter(device, clock, 0);
    expect(previous).toHaveLength(2);
    for (let step = 0; step < 20; step += 1) {
      const current = readAfter(device, clock, 300);
      current.forEach((radio, i) => {
        const before = previous[i];
        const received = (radio.rx_bytes ?? 0) - (before?.rx_bytes ?? 0);
        const sent = (radio.tx_bytes ?? 0) - (before?.tx_bytes ?? 0);
        expect(received).toBeGreaterThan(0);
        // The clients download more than they upload; each adds at least 4 kB/s to the radio.
        expect(sent).toBeGreaterThan(received);
        expect(sent).toBeGreaterThanOrEqual(radio.clients * 4_000 * 300);
      });
      previous = current;
    }
  });

  it('count nothing while no time passes or the radio is off, and start again at a boot', () => {
    const { device, clock } = wifiDevice();
    const first = readAfter(device, clock, 0);
    // Counters count since boot, so a device up for a while starts with traffic behind it.
    expect(first[0]?.tx_bytes).toBeGreaterThan(0);
    expect(readAfter(device, clock, 0)[0]?.tx_bytes).toBe(first[0]?.tx_bytes);
    const store = device.configStore();
    if (!store.wireless?.default_radio0) throw new Error('RUTX11 has no default_radio0');
    store.wireless.default_radio0.disabled = '1';
    const off = readAfter(device, clock, 600);
    expect(off[0]).toMatchObject({ enabled: false, tx_bytes: first[0]?.tx_bytes });
    device.boot();
    const [after] = readAfter(device, clock, 60);
    expect(after?.rx_bytes).toBe(0);
    expect(readAfter(device, clock, 60)[1]?.tx_bytes).toBeLessThan(first[1]?.tx_bytes ?? 0);
  });
});
