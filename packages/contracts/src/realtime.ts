import type { Notification } from './api/notifications.ts';
import type { StatusUpdate } from './api/status.ts';

/** The per-user private channel (spec §7 Realtime); only its owner may subscribe. */
export const userChannel = (userId: number) => `private-user.${userId}`;
export const USER_CHANNEL_PATTERN = /^private-user\.(\d{1,15})$/;

export interface SubscriptionAck {
  success: boolean;
  /** 403 when the channel belongs to someone else; the channel is then closed. */
  status?: number;
  message?: string;
}

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
}
