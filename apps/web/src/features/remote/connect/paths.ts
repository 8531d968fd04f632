// Where the connect screens' calls go: the session record under /devices/connect/sessions, and
// the relays (terminal, VNC and SFTP) under /connect/sessions, on the console's own origin.
import { buildUrl, type Query } from '@/lib/api-url';

const API_BASE = '/api';

export const sessionPath = (id: number) => `/devices/connect/sessions/${id}`;

export const savedCredentialPath = (deviceId: number) => `/devices/${deviceId}/connect/credentials`;

export const sftpPath = (id: number, action: string) => `/connect/sessions/${id}/sftp/${action}`;

/** The full URL of an SFTP call, for what does not go through the api-client (links, XHR). */
export const sftpUrl = (id: number, action: string, query?: Query) =>
  buildUrl(API_BASE, sftpPath(id, action), query);

/** The relay's WebSocket on this origin: the cookies carry the session as for REST calls. */
export const relaySocketUrl = (id: number, channel: 'terminal' | 'vnc') =>
  `${window.location.origin.replace(/^http/, 'ws')}${API_BASE}/connect/sessions/${id}/${channel}`;
