import { describe, expect, it } from 'vitest';
import {
  AUTOMATION_EVENTS,
  AUTOMATION_PARAMETERS,
  automationParameterOf,
  automationStatusValues,
  automationValuesOf,
} from './automation-parameters.ts';
import { TELEMETRY_SCHEMAS } from './device-telemetry.ts';

// Readings as docs/device-protocol.md §6 shows them, parsed as the gateway parses them.
const dynamic = TELEMETRY_SCHEMAS.dynamic.parse({
  uptime: 86400,
  temperature: 420,
  load: [0.12, 0.1, 0.08],
  memory_free: 83886080,
  wan_state: 'mobile',
  wan_ip: '10.64.1.20',
  interfaces: [{ name: 'qmimux0', rx: 123456789, tx: 23456789, up: true }],
  modems: [
    {
      modem: 1,
      sim: 1,
      signal: -71,
      rsrp: -95,
      rsrq: -9,
      sinr: 14,
      operator: 'Telia LT',
      network_state: 'registered',
      connection_type: 'LTE',
      modem_model: 'EG06-E',
      modem_manufacturer: 'Quectel',
      modem_firmware: 'EG06ELAR04A04M4G',
      rx: 150000,
      tx: 42000,
    },
  ],
});

describe('automation parameter catalogue', () => {
  it('has one entry per key, each with operators fitting its type', () => {
    const keys = AUTOMATION_PARAMETERS.map((parameter) => parameter.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const parameter of AUTOMATION_PARAMETERS) {
      if (parameter.type === 'number') expect(parameter.operators).not.toContain('changed');
      if (parameter.type === 'string') expect(parameter.operators).toEqual(['==', '!=', 'changed']);
      if (parameter.type === 'event') {
        expect(parameter.operators).toEqual(['==']);
        expect(parameter.source).toBe('event');
      }
    }
    expect(AUTOMATION_PARAMETERS.filter((p) => p.type === 'event').map((p) => p.key)).toEqual([
      ...AUTOMATION_EVENTS,
    ]);
  });

  it('has the connection status, fed by liveness, not by readings', () => {
    expect(automationParameterOf('status')).toMatchObject({
      type: 'number',
      source: 'status',
      operators: ['==', '!='],
    });
    expect(automationStatusValues(0)).toEqual({ status: 0 });
    expect(automationStatusValues(1)).toEqual({ status: 1 });
  });

  it('finds plain keys and named IO keys, and nothing else', () => {
    expect(automationParameterOf('signal')).toMatchObject({ unit: 'dBm', source: 'dynamic' });
    expect(automationParameterOf('temperature')?.unit).toBe('°C');
    expect(automationParameterOf('io_input:Door contact')?.key).toBe('io_input');
    expect(automationParameterOf('io_analog:Tank: level')?.key).toBe('io_analog');
    for (const key of ['io_input', 'io_input:', 'signal:x', 'x', ''])
      expect(automationParameterOf(key)).toBeUndefined();
  });
});

describe('automationValuesOf', () => {
  it('reads a dynamic reading under RMS device field names, temperature in °C', () => {
    expect(automationValuesOf('dynamic', dynamic)).toEqual({
      uptime: 86400,
      temperature: 42,
      memory_free: 83886080,
      load: 0.12,
      wan_state: 'mobile',
      signal: -71,
      rsrp: -95,
      rsrq: -9,
      sinr: 14,
      operator: 'Telia LT',
      network_state: 'registered',
      connection_type: 'LTE',
      sim_slot: 1,
    });
  });

  it('suffixes the second modem with _2, leaves unknown values out and maps the eSIM to 3', () => {
    const reading = TELEMETRY_SCHEMAS.dynamic.parse({
      uptime: 5,
      temperature: null,
      wan_state: null,
      modems: [
        {
          modem: 2,
          sim: 'esim',
          signal: -118,
          operator: null,
          network_state: 'searching',
          connection_type: null,
          rx: 0,
          tx: 0,
        },
      ],
    });
    const values = automationValuesOf('dynamic', reading);
    expect(values).toEqual({
      uptime: 5,
      signal_2: -118,
      network_state_2: 'searching',
      sim_slot_2: 3,
    });
    // Every key extracted is in the catalogue.
    for (const key of Object.keys(values)) expect(automationParameterOf(key)).toBeDefined();
  });

  it('reads io pins by name, gps speed, and sums wireless clients and hotspot users', () => {
    const io = TELEMETRY_SCHEMAS.io.parse({
      inputs: [{ name: 'Digital input', level: 1 }],
      relays: [{ name: 'Relay', state: 0 }],
      analog: [{ name: 'Analog input', value: 11.8, unit: 'V' }],
    });
    expect(automationValuesOf('io', io)).toEqual({
      'io_input:Digital input': 1,
      'io_relay:Relay': 0,
      'io_analog:Analog input': 11.8,
    });
    const gps = TELEMETRY_SCHEMAS.gps.parse({
      latitude: 54.6872,
      longitude: 25.2797,
      altitude: 112,
      speed: 31.5,
      satellites: 9,
    });
    expect(automationValuesOf('gps', gps)).toEqual({ speed: 31.5, satellites: 9 });
    const wireless = TELEMETRY_SCHEMAS.wireless.parse({
      interfaces: [
        { ssid: 'RUTX11_0001', band: '2.4GHz', channel: 6, clients: 4, enabled: true },
        { ssid: 'RUTX11_0001_5G', band: '5GHz', channel: 36, clients: 2, enabled: true },
      ],
    });
    expect(automationValuesOf('wireless', wireless)).toEqual({ wireless_clients: 6 });
    const hotspot = TELEMETRY_SCHEMAS.hotspot.parse({
      hotspots: [{ index: 0, ssid: 'Guest', users_active: 3, rx: 120000, tx: 480000 }],
    });
    expect(automationValuesOf('hotspot', hotspot)).toEqual({ hotspot_users: 3 });
  });

  it('gives nothing for categories rules do not read', () => {
    const ddns = TELEMETRY_SCHEMAS.ddns.parse({
      entries: [{ hostname: 'office.dyndns.org', status: 'up', ip: '203.0.113.7' }],
    });
    expect(automationValuesOf('ddns', ddns)).toEqual({});
  });
});
