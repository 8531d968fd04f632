import type { Notification } from './api/notifications.ts';
import type { StatusUpdate } from './api/status.ts';
import type { Device } from './api/devices.ts';

/** The per-user private channel (spec §7 Realtime); only its owner may subscribe. */
export const userChannel = (userId: number) => `private-user.${userId}`;
export const USER_CHANNEL_PATTERN = /^private-user\.(\d{1,15})$/;

export interface SubscriptionAck {
  success: boolean;
  /** 403 when the channel belongs to someone else; the channel is then closed. */
  status?: number;
  message?: string;
}

/**
 * Live device changes (status, latest readings) of a company: `tree` carries the devices of the
 * company and all its subsidiaries, `own` only the company's own devices. A user may join the
 * channel of their own company with view_devices: `tree` with access_child_companies, else `own`.
 */
export type DeviceChannelScope = 'tree' | 'own';
export const deviceChannel = (companyId: number, scope: DeviceChannelScope) =>
  `private-devices.${scope}.${companyId}`;
export const DEVICE_CHANNEL_PATTERN = /^private-devices\.(tree|own)\.(\d{1,15})$/;

/** The device fields a live change may carry; a field that is absent did not change. */
export const LIVE_DEVICE_FIELDS = [
  'status',
  'last_connection_at',
  'information_updated',
  'signal',
  'signal_2',
  'operator',
  'operator_2',
  'network_state',
  'network_state_2',
  'connection_type',
  'connection_type_2',
  'wan_state',
  'wan_ip',
  'temperature',
  'uptime',
  'latitude',
  'longitude',
] as const satisfies readonly (keyof Device)[];
export type LiveDeviceField = (typeof LIVE_DEVICE_FIELDS)[number];
/**
 * One device's change. `company_id` is its company now: a device moved through the API reaches the
 * channels of its former company too, with the new id. `removed` marks a device deleted through
 * the API (lists drop or refetch it); an added device arrives with status 2 (pending).
 */
export type DeviceChange = { id: number; company_id: number; removed?: true } & Partial<
  Pick<Device, LiveDeviceField>
>;

/** Events the browser sends. */
export interface ClientToServerEvents {
  subscribe: (payload: { channel: string }, ack?: (result: SubscriptionAck) => void) => void;
  unsubscribe: (payload: { channel: string }, ack?: (result: SubscriptionAck) => void) => void;
}

/** Events the server sends. */
export interface ServerToClientEvents {
  WebNotificationCreated: (payload: { channel: string; notification: Notification }) => void;
  StatusUpdated: (payload: { channel: string; item: string; update: StatusUpdate }) => void;
  NoticesChanged: () => void;
  /** Changes coalesced over about a second; one entry per device, newest values. */
  DevicesChanged: (payload: { channel: string; devices: DeviceChange[] }) => void;
  /** The server took the socket out of a channel it may no longer join (role or company changed). */
  ChannelRevoked: (payload: { channel: string }) => void;
}
