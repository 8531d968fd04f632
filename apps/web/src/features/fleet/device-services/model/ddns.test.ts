import { SECRET_VALUE_MASK, type ConfigFile } from '@netfleet/contracts';
import { describe, expect, it } from 'vitest';
import { serviceRequest, servicesOf } from './ddns';

// The API answers a service's password as a mask: the form must neither show it nor send it back.
const FILE: ConfigFile = {
  office: {
    '.type': 'service',
    enabled: '1',
    service_name: 'duckdns.org',
    domain: 'office.duckdns.org',
    password: SECRET_VALUE_MASK,
  },
  open: { '.type': 'service', enabled: '1', domain: 'open.duckdns.org' },
};

describe('a DDNS service’s password', () => {
  const [office, open] = servicesOf(FILE);

  it('starts empty, knowing whether the device has one', () => {
    expect(office).toMatchObject({ password: '', passwordSet: true });
    expect(open).toMatchObject({ password: '', passwordSet: false });
  });

  it('is left as it is on the device when the field stays empty', () => {
    if (!office) throw new Error('no service');
    const request = serviceRequest({ ...office, domain: 'gate.duckdns.org' }, FILE);
    expect(request.request_data).toMatchObject({ domain: 'gate.duckdns.org' });
    expect(request.request_data).not.toHaveProperty('password');
    expect(JSON.stringify(request)).not.toContain(SECRET_VALUE_MASK);
  });

  it('is replaced by one typed, and removed where none was set and none typed', () => {
    if (!office || !open) throw new Error('no service');
    expect(serviceRequest({ ...office, password: 'n3w-token' }, FILE).request_data).toMatchObject({
      password: 'n3w-token',
    });
    expect(serviceRequest(open, FILE).request_data).toMatchObject({ password: null });
  });
});
