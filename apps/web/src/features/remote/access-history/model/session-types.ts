import { SESSION_TYPES, type SessionType } from '@netfleet/contracts';

const LABELS: Readonly<Record<SessionType, string>> = {
  webui: 'Web UI',
  'lan-webui': 'LAN web UI',
  cli: 'CLI',
  ssh: 'SSH',
  telnet: 'Telnet',
  sftp: 'SFTP',
  vnc: 'VNC',
};

export const sessionTypeLabel = (type: SessionType): string => LABELS[type];

export const SESSION_TYPE_OPTIONS = SESSION_TYPES.map((type) => ({
  value: type,
  label: LABELS[type],
}));
