import { join } from 'node:path';
import type { HubClientSpec, HubSpec, KeyPair, Subnet } from './hub-runtime.port';

/** Where a hub's files live; the server configuration names them by absolute path. */
export interface HubFilePaths {
  dir: string;
  config: string;
  ca: string;
  cert: string;
  key: string;
  crl: string;
  tlsCrypt: string;
  ccd: string;
  management: string;
  status: string;
  log: string;
  pid: string;
}

export const hubFilePaths = (dir: string): HubFilePaths => ({
  dir,
  config: join(dir, 'server.conf'),
  ca: join(dir, 'ca.pem'),
  cert: join(dir, 'server.pem'),
  key: join(dir, 'server.key'),
  crl: join(dir, 'crl.pem'),
  tlsCrypt: join(dir, 'tls-crypt.key'),
  ccd: join(dir, 'ccd'),
  management: join(dir, 'mgmt.sock'),
  status: join(dir, 'status.log'),
  log: join(dir, 'openvpn.log'),
  pid: join(dir, 'openvpn.pid'),
});

/** The kernel name of a hub's tun/tap device; IFNAMSIZ leaves room for 12 digits. */
export const hubDeviceName = (hubId: number) => `nfh${hubId}`;

/**
 * A value becomes one word of a directive. Anything that could end the directive or add another
 * (line breaks, quotes, `,` which separates pushed options, comment starts) is refused, not
 * escaped: the API validates values, so reaching here with one is a bug.
 */
const word = (value: string | number): string => {
  const text = String(value);
  if (text === '' || /[\s"'\\,#;<>]/.test(text)) {
    throw new Error(`refusing to write ${JSON.stringify(text)} into an OpenVPN configuration`);
  }
  return text;
};

/** A file path, quoted so a data directory with spaces still reads as one argument. */
const path = (value: string): string => {
  if (/[\r\n\0"\\]/.test(value)) {
    throw new Error(`refusing to write the path ${JSON.stringify(value)} into a configuration`);
  }
  return `"${value}"`;
};

/**
 * OpenVPN reads a config line into 256 bytes (its `\n` and a NUL included) and the rest of a
 * longer one as a line of its own, which could be a directive; netfleet-agent refuses such lines.
 */
const LINE_MAX_BYTES = 254;

/** Free text in a comment line: one line only, cut (at a character) to what OpenVPN reads. */
const comment = (value: string): string => {
  if (/[\r\n\0]/.test(value)) throw new Error('a line break cannot go into an OpenVPN comment');
  let line = '#';
  for (const character of ` ${value}`) {
    if (Buffer.byteLength(line + character) > LINE_MAX_BYTES) break;
    line += character;
  }
  return line;
};

/** An inline file (`<ca>…</ca>`); PEM never contains `<`, so a tag cannot close early. */
const inline = (tag: string, pem: string): string => {
  if (/[<>\0]/.test(pem)) throw new Error(`refusing to inline <${tag}>: it contains < or >`);
  return `<${tag}>\n${pem.trim()}\n</${tag}>`;
};

const route = (subnet: Subnet) => `route ${word(subnet.network)} ${word(subnet.netmask)}`;

/**
 * The hub's server.conf. Routes are not here, so that a LAN added or removed restarts nothing:
 * the supervisor keeps the kernel's routes to the LANs behind clients in the hub's own table, and
 * each client's file holds its `iroute`s and the routes pushed to it.
 * No `client-to-client`: traffic between clients goes through the host's kernel, so its routing
 * and firewall apply.
 */
export const renderServerConfig = (spec: HubSpec, paths: HubFilePaths): string => {
  const lines = [
    // Not the name: renaming a hub must not change this file, or the next apply would restart it.
    comment(`netfleet VPN hub ${spec.id}; written by netfleet, edits are replaced`),
    `port ${word(spec.port)}`,
    `proto ${spec.protocol === 'udp' ? 'udp' : 'tcp-server'}`,
    // On a host with several addresses, answer UDP from the address the client wrote to; without
    // it replies leave from the outgoing interface's address and clients reject them.
    ...(spec.protocol === 'udp' ? ['multihome'] : []),
    `dev ${hubDeviceName(spec.id)}`,
    `dev-type ${spec.type}`,
    // topology applies to tun only; a tap hub is one Ethernet segment.
    ...(spec.type === 'tun' ? ['topology subnet'] : []),
    `server ${word(spec.subnet.network)} ${word(spec.subnet.netmask)}`,
    `ca ${path(paths.ca)}`,
    `cert ${path(paths.cert)}`,
    `key ${path(paths.key)}`,
    `crl-verify ${path(paths.crl)}`,
    `tls-crypt ${path(paths.tlsCrypt)}`,
    // ECDSA keys: no DH parameters. No `ecdh-curve`: OpenSSL 3 builds ignore it with a warning
    // and negotiate X25519 or P-256 by themselves.
    'dh none',
    `client-config-dir ${path(paths.ccd)}`,
    'ccd-exclusive',
    ...spec.dhcpOptions.map(
      (option) => `push "dhcp-option ${word(option.type)} ${word(option.ip)}"`,
    ),
    'keepalive 10 60',
    // Tells UDP clients on restart or stop to reconnect now rather than after the keepalive.
    ...(spec.protocol === 'udp' ? ['explicit-exit-notify 1'] : []),
    // OpenVPN makes the socket world-writable; the hub directory (0700) is what keeps others out.
    `management ${path(paths.management)} unix`,
    `status ${path(paths.status)} 30`,
    // Lets a restarted netfleet find and end a process its previous run left behind.
    `writepid ${path(paths.pid)}`,
    'persist-key',
    'persist-tun',
    // The supervisor stamps each line as it stores it.
    'suppress-timestamps',
    'verb 3',
    '',
  ];
  return lines.join('\n');
};

/**
 * A client's client-config-dir file. `address` is the client's tunnel address (fixed or assigned
 * by the supervisor); without one the client cannot be given an address and is refused.
 * `routes` are pushed to this client only (OpenVPN adds them to the server's pushes).
 */
export const renderClientConfigDir = (
  client: HubClientSpec,
  hub: Pick<HubSpec, 'type' | 'subnet'>,
  address: string | null,
  routes: readonly Subnet[],
): string => {
  const lines = [comment(`client ${client.commonName}`)];
  if (address) lines.push(`ifconfig-push ${word(address)} ${word(hub.subnet.netmask)}`);
  // iroute is how a tun hub learns which client a LAN is behind; a tap hub learns it from MACs.
  if (hub.type === 'tun') {
    for (const lan of client.lans) lines.push(`iroute ${word(lan.network)} ${word(lan.netmask)}`);
  }
  for (const subnet of routes) lines.push(`push "${route(subnet)}"`);
  if (!client.enabled || !address) lines.push('disable');
  lines.push('');
  return lines.join('\n');
};

export interface ClientProfileInput {
  /** The hub's public address as clients reach it: a host name or IP. */
  host: string;
  hub: Pick<HubSpec, 'type' | 'protocol' | 'port' | 'ca' | 'tlsCryptKey' | 'name'>;
  client: KeyPair;
}

/** A self-contained `.ovpn` (everything inline) for stock OpenVPN 2.4+ clients and RutOS. */
export const renderClientProfile = ({ host, hub, client }: ClientProfileInput): string =>
  [
    comment(`netfleet VPN hub ${hub.name}`),
    'client',
    `dev ${hub.type}`,
    `proto ${hub.protocol}`,
    `remote ${word(host)} ${word(hub.port)}`,
    'resolv-retry infinite',
    'nobind',
    'persist-key',
    'persist-tun',
    'remote-cert-tls server',
    ...(hub.protocol === 'udp' ? ['explicit-exit-notify'] : []),
    'verb 3',
    inline('ca', hub.ca.cert),
    inline('cert', client.cert),
    inline('key', client.key),
    inline('tls-crypt', hub.tlsCryptKey),
    '',
  ].join('\n');
