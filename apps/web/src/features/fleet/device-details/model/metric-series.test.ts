import { describe, expect, it } from 'vitest';
import type { Reading } from './readings';
import { dynamicCharts, formatterFor, gpsCharts, ioCharts, mobileCharts } from './metric-series';

const modem = (sim: 1 | 2, signal: number | null, extra: Record<string, unknown> = {}) => ({
  modem: 1,
  sim,
  signal,
  operator: 'Telia',
  network_state: 'registered',
  connection_type: 'LTE',
  rx: 1024,
  tx: 2048,
  ...extra,
});

const dynamic = (datetime: string, data: Record<string, unknown>): Reading => ({
  datetime,
  data: { uptime: 60, temperature: null, wan_state: 'mobile', modems: [], ...data },
});

describe('metric chart data', () => {
  it('charts the temperature in °C from deci-degrees, in time order, with gaps as null', () => {
    const charts = dynamicCharts([
      dynamic('2026-11-20T10:05:00Z', { temperature: null }),
      dynamic('2026-11-20T10:00:00Z', { temperature: 415 }),
    ]);
    expect(charts.map((chart) => chart.key)).toEqual(['temperature']);
    expect(charts[0]?.format).toEqual({ kind: 'unit', unit: '°C' });
    expect(charts[0]?.data).toEqual({
      timestamps: [
        Date.parse('2026-11-20T10:00:00Z') / 1000,
        Date.parse('2026-11-20T10:05:00Z') / 1000,
      ],
      series: [{ label: 'Temperature', values: [41.5, null] }],
    });
  });

  it('draws one signal line per modem and SIM in dBm, and skips unparsable readings', () => {
    const charts = mobileCharts([
      dynamic('2026-11-20T10:00:00Z', { modems: [modem(1, -70, { rsrq: -9 })] }),
      dynamic('2026-11-20T10:05:00Z', { modems: [modem(1, -72), modem(2, -95)] }),
      { datetime: '2026-11-20T10:10:00Z', data: { uptime: 'broken' } },
    ]);
    const signal = charts.find((chart) => chart.key === 'signal');
    expect(signal?.format).toEqual({ kind: 'unit', unit: 'dBm' });
    expect(signal?.data.series).toEqual([
      { label: 'Modem 1 · SIM 1', values: [-70, -72] },
      { label: 'Modem 1 · SIM 2', values: [null, -95] },
    ]);
    expect(charts.map((chart) => chart.key)).toEqual(['signal', 'rsrq', 'traffic']);
    expect(charts.find((chart) => chart.key === 'traffic')?.data.series[0]?.values).toEqual([
      3072, 3072,
    ]);
  });

  it('draws IO levels and relays as steps and analog inputs per unit', () => {
    const charts = ioCharts([
      {
        datetime: '2026-11-20T10:00:00Z',
        data: {
          inputs: [{ name: 'DIN1', level: 1 }],
          relays: [{ name: 'Relay', state: 0 }],
          analog: [
            { name: 'AIN1', value: 12.1, unit: 'V' },
            { name: 'AIN2', value: 4.2, unit: 'mA' },
          ],
        },
      },
    ]);
    expect(charts.map((chart) => [chart.key, chart.format])).toEqual([
      ['inputs', { kind: 'level' }],
      ['relays', { kind: 'relay' }],
      ['voltage', { kind: 'unit', unit: 'V' }],
      ['current', { kind: 'unit', unit: 'mA' }],
    ]);
    expect(charts[0]?.data.series).toEqual([{ label: 'DIN1', values: [1], stepped: true }]);
    expect(charts[3]?.data.series).toEqual([{ label: 'AIN2', values: [4.2] }]);
  });

  it('charts GPS speed, altitude and satellites only when reported', () => {
    const charts = gpsCharts([
      { datetime: '2026-11-20T10:00:00Z', data: { latitude: 54.7, longitude: 25.3, speed: 31.5 } },
    ]);
    expect(charts.map((chart) => chart.key)).toEqual(['speed']);
  });

  it('formats values with spec §4 IO texts, units and 1024-step bytes', () => {
    expect(formatterFor({ kind: 'level' })(1)).toBe('High');
    expect(formatterFor({ kind: 'level' })(0)).toBe('Low');
    expect(formatterFor({ kind: 'relay' })(0)).toBe('Closed');
    expect(formatterFor({ kind: 'relay' })(1)).toBe('Open');
    expect(formatterFor({ kind: 'unit', unit: 'dBm' })(-67)).toBe('-67 dBm');
    expect(formatterFor({ kind: 'bytes' })(20 * 1024 * 1024)).toBe('20 MB');
    // The same formatter each time: charts are only rebuilt when their data changes.
    expect(formatterFor({ kind: 'unit', unit: 'V' })).toBe(
      formatterFor({ kind: 'unit', unit: 'V' }),
    );
  });
});
