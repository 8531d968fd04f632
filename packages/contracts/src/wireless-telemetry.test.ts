import { describe, expect, it } from 'vitest';
import { parseReading } from './device-telemetry.ts';

const radio = { ssid: 'Depot', band: '2.4GHz', channel: 6, clients: 4, enabled: true };
const reading = (interfaces: unknown[]) =>
  JSON.stringify({ ts: 1_750_000_000_000, data: { interfaces } });

describe('wireless telemetry', () => {
  it('takes the byte counters of each interface', () => {
    const counted = { ...radio, rx_bytes: 9_876_543_210, tx_bytes: 0 };
    expect(parseReading('wireless', reading([counted]))?.data).toEqual({ interfaces: [counted] });
  });

  it('keeps the readings of older agents, which carry no counters, valid', () => {
    expect(parseReading('wireless', reading([radio]))?.data).toEqual({ interfaces: [radio] });
  });

  it('refuses counters that are not whole non-negative byte counts', () => {
    for (const bad of [
      { rx_bytes: -1 },
      { tx_bytes: 1.5 },
      { rx_bytes: '12' },
      { tx_bytes: null },
    ]) {
      expect(parseReading('wireless', reading([{ ...radio, ...bad }]))).toBeNull();
    }
  });
});
