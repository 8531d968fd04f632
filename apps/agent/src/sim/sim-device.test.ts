import { describe, expect, it } from 'vitest';
import {
  TELEMETRY_CATEGORIES,
  TELEMETRY_SCHEMAS,
  deviceCapabilities,
  enrolRequestSchema,
  helloSchema,
  imeiSchema,
  macSchema,
  serialSchema,
} from '@netfleet/contracts';
import { SIM_MODELS, firmwareChoices } from './catalogue.ts';
import { firmwareFromFileName } from './sim-commands.ts';
import { SimDevice } from './sim-device.ts';
import { simReading } from './sim-readings.ts';

const NOW = 1_750_000_000_000;
const fixedNow = () => NOW;
const fleet = (count: number, seed: number) =>
  Array.from({ length: count }, (_, i) => new SimDevice(i, seed, fixedNow));

describe('simulated devices', () => {
  it('every model and firmware produces readings valid against the telemetry schemas', () => {
    const count = SIM_MODELS.length * 8;
    for (const device of fleet(count, 3)) {
      for (let step = 0; step < 5; step += 1) {
        for (const category of TELEMETRY_CATEGORIES) {
          const reading = simReading(device, category);
          if (reading === null) continue;
          const parsed = TELEMETRY_SCHEMAS[category].safeParse(reading);
          expect(
            parsed.success,
            `${device.model} ${device.firmware} ${category}: ${parsed.error?.message}`,
          ).toBe(true);
        }
      }
    }
  });

  it('identities are valid: MAC for RUT, IMEI for TRB, and unique serials', () => {
    const devices = fleet(SIM_MODELS.length * 3, 5);
    for (const d of devices) {
      expect(serialSchema.safeParse(d.serial).success).toBe(true);
      if (d.model.startsWith('TRB')) {
        expect(imeiSchema.safeParse(d.imei).success).toBe(true);
        expect(d.mac).toBeUndefined();
      } else {
        expect(macSchema.safeParse(d.mac).success).toBe(true);
        expect(d.imei).toBeUndefined();
      }
      const hello = { v: 1, agent: 'sim', ...d.identity() };
      expect(helloSchema.safeParse(hello).success).toBe(true);
      expect(enrolRequestSchema.safeParse({ ...hello, claim: 'A'.repeat(24) }).success).toBe(true);
    }
    expect(new Set(devices.map((d) => d.serial)).size).toBe(devices.length);
  });

  it('is deterministic for a seed and differs across seeds', () => {
    const run = (seed: number) =>
      fleet(20, seed).map((d) => [
        d.identity(),
        ...TELEMETRY_CATEGORIES.map((c) => simReading(d, c)),
        ...TELEMETRY_CATEGORIES.map((c) => simReading(d, c)),
      ]);
    expect(JSON.stringify(run(11))).toBe(JSON.stringify(run(11)));
    expect(JSON.stringify(run(11))).not.toBe(JSON.stringify(run(12)));
  });

  it('covers both sides of every capability threshold in a small fleet', () => {
    const devices = fleet(SIM_MODELS.length * 8, 1);
    const caps = devices.map((d) => ({
      model: d.model,
      ...deviceCapabilities(d.model, d.firmware),
    }));
    const both = (
      pick: (c: (typeof caps)[number]) => boolean,
      flag: keyof (typeof caps)[number],
    ) => {
      const values = new Set(caps.filter(pick).map((c) => c[flag]));
      expect(values, `${String(flag)}`).toEqual(new Set([true, false]));
    };
    both((c) => c.model.startsWith('RUT2'), 'has_wifi');
    both((c) => c.model.startsWith('RUT9'), 'has_wifi');
    both((c) => c.model.startsWith('RUTX') && c.model !== 'RUTX10', 'has_wifi');
    both((c) => c.model === 'RUT360', 'has_hotspot');
    both((c) => c.model === 'RUT300', 'has_hotspot');
    both((c) => c.model === 'TRB140', 'has_hotspot');
    both((c) => c.model.startsWith('RUT9'), 'has_ddns');
    both((c) => c.model.startsWith('TRB1'), 'has_ddns');
    both((c) => c.model === 'TRB500', 'has_data_usage');
    both(() => true, 'has_legacy_alerts');
    both(() => true, 'has_legacy_vpn');
    for (const model of SIM_MODELS) expect(firmwareChoices(model).length).toBeGreaterThan(1);
  });

  it('keeps signal within -120..-50 dBm over a long walk and resets uptime on boot', () => {
    const device = fleet(SIM_MODELS.length, 2).find((d) => d.model === 'RUTX14') as SimDevice;
    for (let i = 0; i < 500; i += 1) {
      const reading = simReading(device, 'dynamic');
      expect(reading?.modems).toHaveLength(2);
      for (const modem of reading?.modems ?? []) {
        expect(modem.signal).toBeGreaterThanOrEqual(-120);
        expect(modem.signal).toBeLessThanOrEqual(-50);
      }
    }
    expect(device.uptime()).toBeGreaterThan(0);
    device.boot('RUTX_R_00.07.13');
    expect(device.uptime()).toBe(0);
    expect(device.capabilities.has_legacy_alerts).toBe(false);
  });

  it('reports the hostname, LAN address and SSID its configuration store holds', () => {
    // The first RUTX11 whose firmware reports Wi-Fi.
    const device = Array.from(
      { length: 20 },
      (_, round) => new SimDevice(SIM_MODELS.indexOf('RUTX11') + round * SIM_MODELS.length, 7),
    ).find((candidate) => candidate.capabilities.has_wifi);
    if (!device) throw new Error('no RUTX11 firmware with Wi-Fi monitoring');
    const before = simReading(device, 'static');
    const store = device.configStore();
    if (!store.system?.system || !store.network?.lan || !store.wireless?.default_radio0) {
      throw new Error('RUTX11 factory configuration lacks system, lan or Wi-Fi');
    }
    store.system.system.hostname = 'edge-e2e';
    store.network.lan.ipaddr = '10.1.1.1';
    store.wireless.default_radio0.ssid = 'Office';
    store.wireless.default_radio0.disabled = '1';
    expect(before?.hostname).not.toBe('edge-e2e');
    expect(simReading(device, 'static')).toMatchObject({
      hostname: 'edge-e2e',
      lan_ip: '10.1.1.1',
    });
    expect(simReading(device, 'wireless')?.interfaces[0]).toMatchObject({
      ssid: 'Office',
      enabled: false,
    });
  });

  it('reads the new firmware from the image file name', () => {
    expect(firmwareFromFileName('RUTX_R_00.07.13.bin')).toBe('RUTX_R_00.07.13');
    expect(firmwareFromFileName('<script>.bin')).toBeNull();
  });
});
