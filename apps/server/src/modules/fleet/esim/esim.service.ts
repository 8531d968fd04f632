import {
  DEVICE_MESSAGES,
  ERROR_CODES,
  ESIM_MESSAGES,
  type EsimProfileArgs,
} from '@netfleet/contracts';
import { ApiError, notFound } from '@/lib/api-error';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { DeviceJobsRepository } from '@/modules/fleet/device-jobs/device-jobs.repository';
import {
  JOB_EXPIRY_SECONDS,
  type DeviceJobsService,
} from '@/modules/fleet/device-jobs/device-jobs.service';

interface Deps {
  jobsRepository: Pick<DeviceJobsRepository, 'visibleDevices'>;
  jobs: Pick<DeviceJobsService, 'createJobs'>;
}

/**
 * eSIM profiles of a device (spec: "network and esim", the "eSIM configuration" dialog). They
 * live on the device's eUICC: its static readings list them, and changes are `esim_profile`
 * device jobs reported on a status channel (an offline device gets them when it reconnects).
 */
export const createEsimService = ({ jobsRepository, jobs }: Deps) => ({
  async change(auth: AuthContext, deviceId: number, args: EsimProfileArgs) {
    // Another tree's device is "not found" like a missing one.
    const [device] = await jobsRepository.visibleDevices(auth, [deviceId]);
    if (!device) throw notFound(DEVICE_MESSAGES.notFound);
    if (!device.capabilities?.has_esim) {
      throw new ApiError(422, ERROR_CODES.VALIDATION_ERROR, ESIM_MESSAGES.notSupported, 'id');
    }
    return jobs.createJobs(auth, [deviceId], 'esim_profile', args, {
      expiresInSeconds: JOB_EXPIRY_SECONDS.action,
    });
  },
});

export type EsimService = ReturnType<typeof createEsimService>;
