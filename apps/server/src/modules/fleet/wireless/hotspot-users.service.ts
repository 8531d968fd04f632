import { toApiDate } from '@/lib/dates';
import {
  type CommandType,
  DEVICE_MESSAGES,
  ERROR_CODES,
  HOTSPOT_READ_TIMEOUT_SECONDS,
  HOTSPOT_USER_MESSAGES,
  type HotspotPath,
  type HotspotSession,
  hotspotSessionsResultSchema,
  type HotspotUser,
  type HotspotUserBody,
  hotspotUsersResultSchema,
} from '@netfleet/contracts';
import type { z } from 'zod';
import { ApiError, notFound } from '@/lib/api-error';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import { type DeviceRequests, parseResultJson } from '@/modules/fleet/device-jobs/device-requests';
import {
  JOB_EXPIRY_SECONDS,
  type DeviceJobsService,
} from '@/modules/fleet/device-jobs/device-jobs.service';
import type { WirelessRepository } from './wireless.repository';

interface Deps {
  wirelessRepository: Pick<WirelessRepository, 'deviceVisible' | 'findHotspot'>;
  jobs: Pick<DeviceJobsService, 'createJobs'>;
  requests: Pick<DeviceRequests, 'ask'>;
  now?: () => Date;
  /** How long a read waits for the device (tests shorten it). */
  timeoutMs?: number;
}

/**
 * Users of a device's hotspot (RMS v3). They live on the device: reads ask it and wait for the
 * answer, changes are device jobs reported on a status channel (an offline device gets them when
 * it reconnects, like other device actions).
 */
export const createHotspotUsersService = ({
  wirelessRepository: repository,
  jobs,
  requests,
  now = () => new Date(),
  timeoutMs = HOTSPOT_READ_TIMEOUT_SECONDS * 1000,
}: Deps) => {
  /** Another tree's device is "not found" like a missing one; so is a hotspot it never reported. */
  const requireHotspot = async (auth: AuthContext, { id, index }: HotspotPath) => {
    if (!(await repository.deviceVisible(auth, id))) throw notFound(DEVICE_MESSAGES.notFound);
    const hotspot = await repository.findHotspot(id, index);
    if (!hotspot) {
      throw new ApiError(
        404,
        ERROR_CODES.NOT_FOUND,
        HOTSPOT_USER_MESSAGES.hotspotNotFound,
        'index',
      );
    }
    return hotspot;
  };

  const read = async <T>(
    auth: AuthContext,
    path: HotspotPath,
    type: CommandType,
    schema: z.ZodType<T>,
  ): Promise<{ ssid: string; answer: T }> => {
    const { ssid } = await requireHotspot(auth, path);
    const answer = await requests.ask(
      auth,
      path.id,
      type,
      { index: path.index },
      { timeoutMs, messages: HOTSPOT_USER_MESSAGES },
    );
    if (answer.status === 'failed') {
      throw new ApiError(
        409,
        ERROR_CODES.DEVICE_ERROR,
        HOTSPOT_USER_MESSAGES.refused(answer.message ?? 'no reason given'),
      );
    }
    const parsed = schema.safeParse(parseResultJson(answer.result));
    // A device bug, not the caller's: 502 like a gateway that got a bad answer upstream.
    if (!parsed.success)
      throw new ApiError(502, ERROR_CODES.DEVICE_ERROR, HOTSPOT_USER_MESSAGES.badAnswer);
    return { ssid, answer: parsed.data };
  };

  const change = async (
    auth: AuthContext,
    path: HotspotPath,
    type: CommandType,
    args: Record<string, unknown>,
  ) => {
    await requireHotspot(auth, path);
    return jobs.createJobs(
      auth,
      [path.id],
      type,
      { index: path.index, ...args },
      { expiresInSeconds: JOB_EXPIRY_SECONDS.action },
    );
  };

  return {
    async users(auth: AuthContext, path: HotspotPath): Promise<HotspotUser[]> {
      const { answer } = await read(auth, path, 'hotspot_users', hotspotUsersResultSchema);
      return answer.users.map(({ username }) => ({ username }));
    },

    async sessions(auth: AuthContext, path: HotspotPath): Promise<HotspotSession[]> {
      const { ssid, answer } = await read(
        auth,
        path,
        'hotspot_sessions',
        hotspotSessionsResultSchema,
      );
      const at = now();
      return answer.sessions.map((session) => {
        const started = new Date(session.started_at).toISOString();
        return {
          id: null,
          device_id: path.id,
          ssid,
          username: session.username,
          ip: session.ip,
          mac: session.mac,
          start_time: started,
          use_time: String(Math.max(0, Math.floor((at.getTime() - session.started_at) / 1000))),
          download: String(session.rx),
          upload: String(session.tx),
          created_at: toApiDate(new Date(session.started_at)),
          updated_at: toApiDate(at),
          started_at: started,
          rx: session.rx,
          tx: session.tx,
        };
      });
    },

    addUser(auth: AuthContext, path: HotspotPath, { username, password }: HotspotUserBody) {
      return change(auth, path, 'hotspot_user_add', { username, password });
    },

    removeUser(auth: AuthContext, path: HotspotPath, username: string) {
      return change(auth, path, 'hotspot_user_delete', { username });
    },
  };
};

export type HotspotUsersService = ReturnType<typeof createHotspotUsersService>;
