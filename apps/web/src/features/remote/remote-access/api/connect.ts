import type { ConnectBody, ConnectSession } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { CONNECT_PATH, sessionPath } from './keys';

export type CliProtocol = 'ssh' | 'telnet';

/** POST /devices/connect/{access_id}: a session through one access rule. */
export async function connectAccess(accessId: number, body: ConnectBody): Promise<ConnectSession> {
  const { data } = await api.post<ConnectSession>(`${CONNECT_PATH}/${accessId}`, { body });
  return data;
}

/** POST /devices/{id}/connect/webui: the device's own web UI. */
export async function connectWebUi(deviceId: number, body: ConnectBody): Promise<ConnectSession> {
  const { data } = await api.post<ConnectSession>(`/devices/${deviceId}/connect/webui`, { body });
  return data;
}

/** POST /devices/{id}/connect/cli: the device's console, over SSH unless Telnet is asked for. */
export async function connectCli(
  deviceId: number,
  body: ConnectBody & { protocol: CliProtocol },
): Promise<ConnectSession> {
  const { data } = await api.post<ConnectSession>(`/devices/${deviceId}/connect/cli`, { body });
  return data;
}

/** POST /devices/connect/sessions/{id}/launch: a fresh one-time URL to open the session with. */
export async function launchSession(id: number): Promise<string> {
  const { data } = await api.post<{ url: string }>(`${sessionPath(id)}/launch`);
  return data.url;
}
