import { ACCESS_PROTOCOLS, PORTS, type AccessProtocol } from '@netfleet/contracts';

const LABELS: Readonly<Record<AccessProtocol, string>> = {
  http: 'HTTP',
  https: 'HTTPS',
  ssh: 'SSH',
  rdp: 'RDP',
  vnc: 'VNC',
  telnet: 'Telnet',
  sftp: 'SFTP',
};

export const PROTOCOL_OPTIONS = ACCESS_PROTOCOLS.map((protocol) => ({
  value: protocol,
  label: LABELS[protocol],
}));

export const isAccessProtocol = (value: string): value is AccessProtocol =>
  (ACCESS_PROTOCOLS as readonly string[]).includes(value);

/** The protocol's name as the console shows it; unknown ones (RMS may add some) as sent. */
export const protocolLabel = (protocol: string): string =>
  isAccessProtocol(protocol) ? LABELS[protocol] : protocol;

/** Spec §9 default port of each protocol. */
export const defaultPort = (protocol: AccessProtocol): number => PORTS[protocol];

/** 'SSH 192.168.1.1:22'. */
export const targetLabel = (target: {
  protocol: string;
  destination_ip: string;
  destination_port: number;
}): string =>
  `${protocolLabel(target.protocol)} ${target.destination_ip}:${target.destination_port}`;
