// A hub and its clients, with real keys from the hub PKI, for the tiers that run OpenVPN.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHubPki } from '@/modules/remote/vpn/runtime/hub-pki';
import {
  type HubClientSpec,
  type HubSpec,
  hubFilePaths,
  type IssuedCertificate,
  renderClientProfile,
  type Subnet,
} from '@netfleet/openvpn-hub';

export const pki = createHubPki();

/** Logs warnings and errors only (the hub's own output is in its openvpn.log). */
export const testLog = {
  info: () => undefined,
  warn: (...args: unknown[]) => console.warn('[vpn hub]', ...args),
  error: (...args: unknown[]) => console.error('[vpn hub]', ...args),
};

export const subnet = (cidr: string): Subnet => {
  const [network = '', bits = '24'] = cidr.split('/');
  const mask = 2 ** 32 - 2 ** (32 - Number(bits));
  return { network, netmask: [24, 16, 8, 0].map((s) => Math.floor(mask / 2 ** s) % 256).join('.') };
};

export interface HubKeys {
  ca: IssuedCertificate;
  server: IssuedCertificate;
  tlsCryptKey: string;
  clients: Map<string, IssuedCertificate>;
  nextSerial: number;
}

export const createHubKeys = async (hubId: number): Promise<HubKeys> => {
  const ca = await pki.createCa(`netfleet hub ${hubId}`);
  return {
    ca,
    server: await pki.issue(ca, `hub-${hubId}`, 'server', '02'),
    tlsCryptKey: pki.tlsCryptKey(),
    clients: new Map(),
    nextSerial: 16,
  };
};

/** Issues the client's certificate once (a new serial each client). */
export const clientCert = async (keys: HubKeys, commonName: string) => {
  const existing = keys.clients.get(commonName);
  if (existing) return existing;
  keys.nextSerial += 1;
  const cert = await pki.issue(keys.ca, commonName, 'client', keys.nextSerial.toString(16));
  keys.clients.set(commonName, cert);
  return cert;
};

export const hubSpec = async (
  keys: HubKeys,
  spec: Pick<HubSpec, 'id' | 'port' | 'subnet'> & Partial<HubSpec> & { clients: HubClientSpec[] },
  revoked: string[] = [],
): Promise<HubSpec> => ({
  name: `hub ${spec.id}`,
  type: 'tun',
  protocol: 'udp',
  pushRoutes: [],
  dhcpOptions: [],
  ca: keys.ca,
  server: keys.server,
  tlsCryptKey: keys.tlsCryptKey,
  crl: await pki.crl(
    keys.ca,
    revoked.map((serial) => ({ serial, revokedAt: new Date() })),
  ),
  ...spec,
});

/** Writes the client's `.ovpn` from netfleet's renderer; returns its path. */
export const writeProfile = async (
  dir: string,
  keys: HubKeys,
  spec: HubSpec,
  commonName: string,
  host: string,
) => {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${commonName}.ovpn`);
  const client = await clientCert(keys, commonName);
  writeFileSync(file, renderClientProfile({ host, hub: spec, client }), { mode: 0o600 });
  return file;
};

/** What the hub's OpenVPN logged so far (the supervisor's `<dataDir>/vpn/hubs/<id>/openvpn.log`). */
export const readHubLog = (dataDir: string, hubId: number) => {
  const file = hubFilePaths(join(dataDir, 'vpn', 'hubs', String(hubId))).log;
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
};
