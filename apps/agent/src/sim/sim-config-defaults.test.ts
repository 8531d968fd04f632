import {
  DEVICE_MODELS,
  applyConfigRequests,
  configsOfModel,
  emptyConfigOf,
  modelHardware,
} from '@netfleet/contracts';
import { describe, expect, it } from 'vitest';
import { sectionsAsRequests } from '../config-jobs.ts';
import { defaultSimConfig, defaultWifiKey } from './sim-config-defaults.ts';

describe('simulated factory configurations', () => {
  it.each(Object.keys(DEVICE_MODELS))('of %s pass the configuration schema', (model) => {
    const defaults = defaultSimConfig(model, '0042000123');
    expect(Object.keys(defaults).sort()).toEqual(configsOfModel(model).sort());
    // Built section by section through the device's own checks, the defaults come out the same.
    const built = applyConfigRequests(emptyConfigOf(model), sectionsAsRequests(defaults), model);
    expect(built.results.filter((result) => result.code !== 201)).toEqual([]);
    expect(built.ok).toBe(true);
    expect(built.store).toEqual(defaults);
  });

  it('name the device after its model and serial, with a mobile WAN and Wi-Fi where it has them', () => {
    const rutx11 = defaultSimConfig('RUTX11', '0042001234');
    expect(rutx11.system?.system?.hostname).toBe('rutx11-1234');
    expect(rutx11.network?.mob1s1a1).toEqual({ '.type': 'interface', proto: 'wwan' });
    expect(rutx11.wireless?.default_radio0).toMatchObject({
      ssid: 'RUT_1234_2G',
      encryption: 'psk2',
      key: defaultWifiKey('0042001234'),
    });
    const rutx10 = defaultSimConfig('RUTX10', '0042001235');
    expect(modelHardware('RUTX10').mobile).toBe(false);
    expect(rutx10.network?.mob1s1a1).toBeUndefined();
    const trb140 = defaultSimConfig('TRB140', '0042001236');
    expect(trb140.wireless).toBeUndefined();
    expect(trb140.system?.system?.hostname).toBe('trb140-1236');
  });

  it('give each device its own Wi-Fi key, the same on every run', () => {
    const keys = Array.from({ length: 50 }, (_, i) =>
      defaultWifiKey(`00420${String(i).padStart(5, '0')}`),
    );
    expect(new Set(keys).size).toBe(50);
    expect(keys.every((key) => /^[A-Za-z0-9]{10}$/.test(key))).toBe(true);
    expect(defaultWifiKey('0042000007')).toBe(keys[7]);
  });
});
