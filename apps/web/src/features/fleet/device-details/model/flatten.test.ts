import { describe, expect, it } from 'vitest';
import { flattenReading } from './flatten';

describe('flattenReading', () => {
  it('names nested values by path and shows them in their units', () => {
    expect(
      flattenReading({
        temperature: 415,
        uptime: 3720,
        modems: [{ signal: -67, rx: 20480 }],
        inputs: [{ name: 'DIN1', level: 1 }],
        relays: [{ name: 'Relay', state: 0 }],
        wan_ip: null,
      }),
    ).toEqual([
      ['temperature', '41.5 °C'],
      ['uptime', '1h 2m'],
      ['modems.0.signal', '-67 dBm'],
      ['modems.0.rx', '0.02 MB'],
      ['inputs.0.name', 'DIN1'],
      ['inputs.0.level', 'High'],
      ['relays.0.name', 'Relay'],
      ['relays.0.state', 'Closed'],
      ['wan_ip', ''],
    ]);
  });
});
