import {
  DEVICE_MESSAGES,
  ERROR_CODES,
  ESIM_MESSAGES,
  esimBootstrapStatusSchema,
  type EsimProfileArgs,
  type StatusUpdate,
} from '@netfleet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError, notFound } from '@/lib/api-error';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { DeviceJobsRepository } from '@/modules/fleet/device-jobs/device-jobs.repository';
import type { Presence } from '@/modules/fleet/device-gateway/presence';
import {
  JOB_EXPIRY_SECONDS,
  type DeviceJobsService,
} from '@/modules/fleet/device-jobs/device-jobs.service';
import {
  type DeviceAnswer,
  type DeviceRequests,
  parseResultJson,
} from '@/modules/fleet/device-jobs/device-requests';
import type { StatusService } from '@/modules/system/status/status.service';

/**
 * The channel's last word on a bootstrap check: the device's status as JSON text, or why there is
 * none (its own message when it failed or refused, e.g. "This device has no eSIM").
 */
export const bootstrapUpdate = (answer: DeviceAnswer): StatusUpdate => {
  if (answer.status === 'failed') {
    return {
      status: 'error',
      value: answer.message ?? ESIM_MESSAGES.bootstrapFailed,
      errorcode: 'FAILED',
    };
  }
  const parsed = esimBootstrapStatusSchema.safeParse(parseResultJson(answer.result));
  return parsed.success
    ? { status: 'completed', value: JSON.stringify(parsed.data) }
    : { status: 'error', value: ESIM_MESSAGES.bootstrapUnreadable };
};

/** How long the bootstrap check waits for the device: reading an eUICC takes a few seconds. */
export const BOOTSTRAP_TIMEOUT_MS = 20_000;

interface Deps {
  jobsRepository: Pick<DeviceJobsRepository, 'visibleDevices'>;
  jobs: Pick<DeviceJobsService, 'createJobs'>;
  requests: Pick<DeviceRequests, 'ask'>;
  status: Pick<StatusService, 'open' | 'publish'>;
  presence: Pick<Presence, 'isOnline'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * eSIM profiles of a device (spec: "network and esim", the "eSIM configuration" dialog). They
 * live on the device's eUICC: its static readings list them, and changes are `esim_profile`
 * device jobs reported on a status channel (an offline device gets them when it reconnects).
 */
export const createEsimService = ({
  jobsRepository,
  jobs,
  requests,
  status,
  presence,
  log,
}: Deps) => {
  /** A visible has_esim device; another tree's device is "not found" like a missing one. */
  const requireEsimDevice = async (auth: AuthContext, deviceId: number) => {
    const [device] = await jobsRepository.visibleDevices(auth, [deviceId]);
    if (!device) throw notFound(DEVICE_MESSAGES.notFound);
    if (!device.capabilities?.has_esim) {
      throw new ApiError(422, ERROR_CODES.VALIDATION_ERROR, ESIM_MESSAGES.notSupported, 'id');
    }
    return device;
  };

  return {
    async change(auth: AuthContext, deviceId: number, args: EsimProfileArgs) {
      await requireEsimDevice(auth, deviceId);
      return jobs.createJobs(auth, [deviceId], 'esim_profile', args, {
        expiresInSeconds: JOB_EXPIRY_SECONDS.action,
      });
    },

    /**
     * RMS's eSIM bootstrap check, a Status-API operation: answers its channel at once and asks
     * the device in the background (an `esim_bootstrap` job). The `completed` update's value is
     * the device's answer as JSON (esimBootstrapStatusSchema); anything else is an `error`. An
     * offline device is refused at once: a check queued for later would answer a stale question.
     */
    async checkBootstrap(auth: AuthContext, deviceId: number) {
      const device = await requireEsimDevice(auth, deviceId);
      if (!(await presence.isOnline(device.id))) {
        throw new ApiError(409, ERROR_CODES.DEVICE_OFFLINE, ESIM_MESSAGES.bootstrapOffline);
      }
      const channel = await status.open(auth.user.id);
      const item = String(device.id);
      await status.publish(channel, item, {
        status: 'started',
        value: ESIM_MESSAGES.bootstrapAsking,
      });
      void (async () => {
        try {
          const answer = await requests.ask(
            auth,
            device.id,
            'esim_bootstrap',
            {},
            {
              timeoutMs: BOOTSTRAP_TIMEOUT_MS,
              messages: {
                offline: ESIM_MESSAGES.bootstrapOffline,
                timeout: ESIM_MESSAGES.bootstrapTimeout,
              },
            },
          );
          await status.publish(channel, item, bootstrapUpdate(answer));
        } catch (error) {
          if (!(error instanceof ApiError)) log.warn({ err: error, deviceId }, 'eSIM check failed');
          await status.publish(channel, item, {
            status: 'error',
            value: error instanceof ApiError ? error.message : ESIM_MESSAGES.bootstrapFailed,
            ...(error instanceof ApiError ? { errorcode: error.code } : {}),
          });
        }
      })().catch((error: unknown) => log.warn({ err: error, deviceId }, 'eSIM check not reported'));
      return { channel };
    },
  };
};

export type EsimService = ReturnType<typeof createEsimService>;
