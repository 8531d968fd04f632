import type { AccessProtocol, SessionType } from '@netfleet/contracts';

/** What a relay needs to know of a session to carry its traffic, and who may use it. */
export interface SessionGrant {
  id: number;
  type: SessionType;
  userId: number;
  companyId: number;
  deviceId: number;
  protocol: AccessProtocol;
  host: string;
  port: number;
  expiresAt: Date;
  /** Set once the session was closed by its user, revoked, or expired and swept. */
  endedAt: Date | null;
}

/**
 * The sessions the remote-access module records, as the relays (web UI proxy, terminal, SFTP,
 * VNC) read and meter them. Implemented by remote-access/sessions.repository.ts.
 */
export interface SessionStore {
  byId(id: number): Promise<SessionGrant | null>;
  /** The session behind a web UI origin `<hostToken>.<proxy domain>`. */
  byHostToken(hostToken: string): Promise<SessionGrant | null>;
  /** Uses up a one-time launch code of that session: the session, or null if used/unknown/expired. */
  consumeLaunchCode(hostToken: string, code: string, now: Date): Promise<SessionGrant | null>;
  /** Adds bytes to the session's counters (input: browser → device, output: device → browser). */
  addTraffic(id: number, input: number, output: number): Promise<void>;
  /** The first relay that saw the session used records where it was opened from. */
  markUsed(id: number, clientIp: string, now: Date): Promise<void>;
  /** Ends the session (idempotent: the first reason stays). */
  end(id: number, reason: string, now: Date): Promise<void>;
}
