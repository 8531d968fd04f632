import { describe, expect, it } from 'vitest';
import { GLOBAL_SEARCH_FIELDS, GLOBAL_SEARCH_RESULT_FIELDS } from '@netfleet/contracts';
import { SEARCH_KINDS } from './search-kinds';

/** Spec §2: devices, companies, remote access, VPN hubs, tags, users, files. */
const SPEC_ORDER = ['devices', 'companies', 'remote-access', 'vpn-hubs', 'tags', 'users', 'files'];

const kind = (key: string) => {
  const found = SEARCH_KINDS.find((candidate) => candidate.key === key);
  if (!found) throw new Error(`no ${key} kind`);
  return found;
};

describe('SEARCH_KINDS', () => {
  it("lists the spec's kinds in the spec's order", () => {
    const keys = SEARCH_KINDS.map((candidate) => candidate.key);
    expect(keys).toEqual(SPEC_ORDER.filter((key) => keys.includes(key)));
    expect(keys).toEqual(expect.arrayContaining(['devices', 'vpn-hubs']));
  });

  it('asks every kind the spec request (search-fields name,email and the result fields)', () => {
    for (const candidate of SEARCH_KINDS) {
      expect(candidate.searchFields).toEqual(GLOBAL_SEARCH_FIELDS);
      expect(candidate.fields).toEqual(GLOBAL_SEARCH_RESULT_FIELDS);
    }
  });

  it('opens a device on its page and the devices table filtered by the query', () => {
    const devices = kind('devices');
    expect(devices.endpoint).toBe('/devices');
    expect(devices.permission).toBe('view_devices');
    expect(devices.title({ id: 7, name: 'gw-1' })).toBe('gw-1');
    expect(devices.title({ id: 7 })).toBe('#7');
    expect(devices.resultPath({ id: 7, name: 'gw-1' })).toBe('/devices/7');
    expect(devices.tablePath('gw 1')).toBe('/management/devices?q=gw%201');
  });

  it('opens a VPN hub on its page and the hubs table filtered by the query', () => {
    const hubs = kind('vpn-hubs');
    expect(hubs.endpoint).toBe('/vpn/hubs');
    expect(hubs.resultPath({ id: 3, name: 'Office' })).toBe('/vpn/hubs/3');
    expect(hubs.tablePath('office')).toBe('/vpn/hubs?q=office');
  });
});
