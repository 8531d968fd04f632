import {
  type CommandType,
  DEVICE_JOB_MESSAGES,
  ERROR_CODES,
  type ErrorItem,
  type StatusUpdate,
} from '@netfleet/contracts';
import { notFound } from '@/lib/api-error';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { DeviceJobsRepository } from '@/modules/fleet/device-jobs/device-jobs.repository';
import type { MovedJob } from '@/modules/fleet/device-jobs/job-moves.repository';
import { deviceError } from '@/modules/fleet/device-jobs/device-job-mapper';
import type { JobReport } from '@/modules/fleet/device-jobs/job-report';
import type { StatusService } from '@/modules/system/status/status.service';

const CANCELLED: StatusUpdate = { status: 'error', value: 'Cancelled', errorcode: 'CANCELLED' };

interface Deps {
  jobsRepository: DeviceJobsRepository;
  status: Pick<StatusService, 'open' | 'publishMany'>;
  now: () => Date;
  report: JobReport;
}

/** Cancelling jobs that have not started on their devices: actions, commands, firmware updates. */
export const createJobCancels = ({ jobsRepository, status, now, report }: Deps) => {
  const finishedValues = () => ({ finishedAt: now() });

  return {
    /**
     * Cancels jobs that have not started on the device (RMS: `job_id` those jobs, `device_id`
     * alone every open action of those devices); running and finished jobs stay. Each job's own
     * channel gets `Cancelled`; the answer's new channel gets one update per device.
     */
    async cancel(
      auth: AuthContext,
      { device_id, job_id }: { device_id?: number[] | undefined; job_id?: number[] | undefined },
    ) {
      const found = await jobsRepository.jobsOf(auth, {
        ...(device_id ? { deviceIds: device_id } : {}),
        ...(job_id ? { jobIds: job_id } : {}),
      });
      const byDevice = new Map<number, number[]>();
      for (const job of found) {
        // Firmware updates are cancelled by name or through POST /devices/updates/cancel.
        if (!job_id && job.type === 'firmware_update') continue;
        byDevice.set(job.deviceId, [...(byDevice.get(job.deviceId) ?? []), job.id]);
      }
      const cancelledJobs: MovedJob[] = [];
      for (const [deviceId, ids] of byDevice) {
        cancelledJobs.push(
          ...(await jobsRepository.advance(deviceId, ids, 'cancelled', finishedValues(), [
            'queued',
            'sent',
          ])),
        );
      }
      const errors: ErrorItem[] = [];
      const cancelledIds = new Set(cancelledJobs.map((job) => job.id));
      const foundIds = new Set(found.map((job) => job.id));
      for (const id of job_id ?? []) {
        if (cancelledIds.has(id)) continue;
        const [code, message] = foundIds.has(id)
          ? [ERROR_CODES.CONFLICT, DEVICE_JOB_MESSAGES.notCancellable]
          : [ERROR_CODES.NOT_FOUND, DEVICE_JOB_MESSAGES.jobNotFound];
        errors.push({ code, message, source: `job_id.${id}` });
      }
      if (!job_id) {
        const visible = new Set(
          (await jobsRepository.visibleDevices(auth, device_id ?? [])).map((d) => d.id),
        );
        for (const id of device_id ?? []) {
          if (!visible.has(id)) errors.push(deviceError(id, DEVICE_JOB_MESSAGES.deviceNotFound));
        }
      }
      if (cancelledJobs.length === 0) {
        if (errors.length === 0) throw notFound(DEVICE_JOB_MESSAGES.noOpenAction);
        return { channel: null, errors };
      }
      await report(cancelledJobs.map((job) => ({ job, update: CANCELLED })));
      const channel = await status.open(auth.user.id);
      const perDevice = new Map<number, number>();
      for (const job of cancelledJobs) {
        perDevice.set(job.deviceId, (perDevice.get(job.deviceId) ?? 0) + 1);
      }
      await status.publishMany(
        channel,
        [...perDevice].map(([deviceId, count]) => ({
          item: String(deviceId),
          update: { status: 'completed' as const, value: `${count} cancelled` },
        })),
      );
      return { channel, errors };
    },

    /** Cancels the queued or sent jobs of `type` per device; per-item errors for the others. */
    async cancelOfType(
      auth: AuthContext,
      items: readonly { id: number; job_id?: number[] | undefined }[],
      types: readonly CommandType[],
    ) {
      const unique = [...new Set(items.map((item) => item.id))];
      /** Per device, the job ids it named; absent or empty: all of its open jobs of the type. */
      const named = new Map<number, Set<number>>();
      for (const item of items) {
        if (!item.job_id?.length) continue;
        named.set(item.id, new Set([...(named.get(item.id) ?? []), ...item.job_id]));
      }
      const open = await jobsRepository.openOfType(auth, unique, types);
      const visible = new Set(
        (await jobsRepository.visibleDevices(auth, unique)).map((device) => device.id),
      );
      const cancelledJobs: MovedJob[] = [];
      const errors: ErrorItem[] = [];
      for (const deviceId of unique) {
        if (!visible.has(deviceId)) {
          errors.push(deviceError(deviceId, DEVICE_JOB_MESSAGES.deviceNotFound));
          continue;
        }
        const only = named.get(deviceId);
        const ids = open
          .filter((job) => job.deviceId === deviceId && (!only || only.has(job.id)))
          .map((job) => job.id);
        const cancelled = await jobsRepository.advance(
          deviceId,
          ids,
          'cancelled',
          finishedValues(),
          ['queued', 'sent'],
        );
        if (cancelled.length === 0) {
          const message = ids.length
            ? DEVICE_JOB_MESSAGES.notCancellable
            : DEVICE_JOB_MESSAGES.noPendingUpdate;
          errors.push(
            deviceError(
              deviceId,
              message,
              ids.length ? ERROR_CODES.CONFLICT : ERROR_CODES.NOT_FOUND,
            ),
          );
          continue;
        }
        cancelledJobs.push(...cancelled);
      }
      await report(cancelledJobs.map((job) => ({ job, update: CANCELLED })));
      return { jobIds: cancelledJobs.map((job) => job.id), errors };
    },
  };
};
