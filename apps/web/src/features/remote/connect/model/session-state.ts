import type { ConnectSession } from '@netfleet/contracts';
import { CONNECT_TEXTS } from '../texts';

/** Why a session can no longer be used, or null while it can. */
export function sessionEndMessage(session: ConnectSession): string | null {
  if (session.active && session.ttl > 0) return null;
  // A link that ended with time left was closed (by its user or an admin); else it ran out.
  return session.ttl > 0 ? CONNECT_TEXTS.linkClosed : CONNECT_TEXTS.linkExpired;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** Seconds as a countdown: '4:05', '1:02:03'. */
export function formatTimeLeft(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(rest)}` : `${minutes}:${pad(rest)}`;
}

/** The `session` query parameter of a connect link, or null when it names no session. */
export function parseSessionId(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** 'SSH 192.168.1.1:22'. */
export const sessionTarget = (session: ConnectSession) =>
  `${session.protocol.toUpperCase()} ${session.destination_ip}:${session.destination_port}`;
