import type { HubClientSpec, HubSpec } from './hub-runtime.port';

const pem = (label: string) => `-----BEGIN ${label}-----\nAAAA\n-----END ${label}-----\n`;

export const client = (commonName: string, more: Partial<HubClientSpec> = {}): HubClientSpec => ({
  commonName,
  ip: null,
  lans: [],
  enabled: true,
  ...more,
});

/** A tun hub with two devices (each with a LAN) and a quick-connect user; keys are placeholders. */
export const hubSpec = (more: Partial<HubSpec> = {}): HubSpec => ({
  id: 7,
  name: 'Branches',
  type: 'tun',
  protocol: 'udp',
  port: 1194,
  subnet: { network: '10.8.0.0', netmask: '255.255.255.0' },
  ca: { cert: pem('CERTIFICATE'), key: pem('PRIVATE KEY') },
  server: { cert: pem('CERTIFICATE'), key: pem('PRIVATE KEY') },
  crl: pem('X509 CRL'),
  tlsCryptKey: pem('OpenVPN Static key V1'),
  clients: [
    client('device-1', {
      ip: '10.8.0.10',
      lans: [{ network: '192.168.1.0', netmask: '255.255.255.0' }],
    }),
    client('device-2', { lans: [{ network: '192.168.2.0', netmask: '255.255.255.0' }] }),
    client('user-3'),
  ],
  pushRoutes: [
    { network: '192.168.1.0', netmask: '255.255.255.0' },
    { network: '192.168.2.0', netmask: '255.255.255.0' },
  ],
  dhcpOptions: [{ type: 'DNS', ip: '10.8.0.1' }],
  ...more,
});
