import { describe, expect, it } from 'vitest';
import { profileFileName } from './vpn-hub-clients.ts';

describe('profileFileName', () => {
  it("makes one of the hub's and the client's names", () => {
    expect(profileFileName('Office hub', 'RUT955 lab')).toBe('office-hub-rut955-lab.ovpn');
    expect(profileFileName('Office hub / Alice')).toBe('office-hub-alice.ovpn');
    expect(profileFileName('../')).toBe('netfleet-vpn.ovpn');
  });

  it('keeps a name it made, at most 80 characters before .ovpn', () => {
    expect(profileFileName('office-hub-alice.ovpn')).toBe('office-hub-alice.ovpn');
    const long = profileFileName('a'.repeat(79), 'b');
    expect(long).toBe(`${'a'.repeat(79)}.ovpn`);
    expect(profileFileName(long)).toBe(long);
  });
});
