import { type CommandType, ERROR_CODES } from '@netfleet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '@/lib/api-error';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { DeviceLink } from '@/modules/fleet/device-gateway/gateway.port';
import type { Presence } from '@/modules/fleet/device-gateway/presence';
import type { DeviceJobsRepository } from './device-jobs.repository';
import type { JobArgsRenderers } from './job-args';
import type { JobWaiters } from './job-waiters';

/** How often a waiting request reads its job, for answers applied by another instance. */
const POLL_MS = 500;

const FINISHED = new Set(['completed', 'failed', 'cancelled', 'timeout']);

/** What the device answered: `completed` with its result, or `failed` with its reason. */
export interface DeviceAnswer {
  status: 'completed' | 'failed';
  result: string | null;
  message: string | null;
}

/** A JSON `result` of the device's answer (hotspot users, LAN hosts); undefined if not JSON. */
export const parseResultJson = (result: string | null): unknown => {
  try {
    return result === null ? undefined : JSON.parse(result);
  } catch {
    return undefined;
  }
};

export interface DeviceRequestMessages {
  offline: string;
  timeout: string;
}

interface Deps {
  jobsRepository: Pick<DeviceJobsRepository, 'insert' | 'markSent' | 'advance' | 'state'>;
  link: DeviceLink;
  presence: Pick<Presence, 'isOnline'>;
  waiters: JobWaiters;
  renderers: Pick<JobArgsRenderers, 'render'>;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * Reads that only the device can answer (its hotspot users): a job like any other command, so
 * it is logged and acknowledged the usual way, but answered in the HTTP response. An offline
 * device is refused at once (DEVICE_OFFLINE) instead of queueing a read nobody will wait for; a
 * device that does not answer in time ends the job as timed out (DEVICE_TIMEOUT), so it is not
 * sent again when the device reconnects.
 */
export const createDeviceRequests = ({
  jobsRepository,
  link,
  presence,
  waiters,
  renderers,
  now,
  log,
}: Deps) => ({
  /** The caller has checked that the device is the caller's to ask. */
  async ask(
    auth: AuthContext,
    deviceId: number,
    type: CommandType,
    args: Record<string, unknown>,
    { timeoutMs, messages }: { timeoutMs: number; messages: DeviceRequestMessages },
  ): Promise<DeviceAnswer> {
    const offline = () => new ApiError(409, ERROR_CODES.DEVICE_OFFLINE, messages.offline);
    // Connected to another instance counts: the command goes through the shared broker, and the
    // answer is found by reading the job (below).
    if (!(await presence.isOnline(deviceId))) throw offline();
    const expiresAt = new Date(now().getTime() + timeoutMs);
    const [job] = await jobsRepository.insert([
      { deviceId, userId: auth.user.id, channel: null, type, args, expiresAt },
    ]);
    if (!job) throw new Error('job insert returned no row');
    // Stored args are rendered like every sent job's (job-args.ts).
    const { ready, refused } = await renderers.render([{ ...job, type, args }]);
    const [sending] = ready;
    if (!sending) {
      const refusal = refused[0];
      // Refused: what it asked about is gone. Else the renderer failed, and nobody will wait.
      await jobsRepository.advance(deviceId, [job.id], refusal ? 'cancelled' : 'failed', {
        finishedAt: now(),
        message: refusal?.message ?? messages.offline,
      });
      throw refusal ? new ApiError(409, ERROR_CODES.CONFLICT, refusal.message) : offline();
    }
    try {
      await link.sendCommand(deviceId, {
        id: job.id,
        type,
        args: sending.args,
        expires_at: expiresAt.getTime(),
      });
    } catch (error) {
      // The broker would not take it: as good as offline, and nobody is waiting for the job.
      log.warn({ err: error, jobId: job.id }, 'device request not handed to the broker');
      await jobsRepository.advance(deviceId, [job.id], 'failed', {
        finishedAt: now(),
        message: messages.offline,
      });
      throw offline();
    }
    await jobsRepository.markSent([job.id], now());

    // Real time, not now(): tests may pin the clock, and the wait must still end.
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const left = deadline - Date.now();
      // Listening before reading: an answer applied in between still wakes this request.
      const woken = waiters.next(job.id, Math.max(0, Math.min(left, POLL_MS)));
      const state = await jobsRepository.state(deviceId, job.id);
      if (state && FINISHED.has(state.status)) {
        if (state.status === 'completed' || state.status === 'failed') {
          return { status: state.status, result: state.result, message: state.message };
        }
        break;
      }
      if (left <= 0) break;
      await woken;
    }
    await jobsRepository.advance(deviceId, [job.id], 'timeout', {
      finishedAt: now(),
      message: messages.timeout,
    });
    throw new ApiError(504, ERROR_CODES.DEVICE_TIMEOUT, messages.timeout);
  },
});

export type DeviceRequests = ReturnType<typeof createDeviceRequests>;
