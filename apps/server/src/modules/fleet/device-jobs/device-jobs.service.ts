import {
  type AckMessage,
  type CommandType,
  DEVICE_JOB_MESSAGES,
  type DeviceJob,
  type DeviceJobState,
  ERROR_CODES,
  type ErrorItem,
  STATUS_CHANNEL_TTL_SECONDS,
  type StatusUpdate,
} from '@netfleet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { notFound } from '@/lib/api-error';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type {
  DeviceLink,
  GatewayListener,
  ReadyDevice,
} from '@/modules/fleet/device-gateway/gateway.port';
import type { StatusService } from '@/modules/system/status/status.service';
import type {
  DeviceJobsRepository,
  MovedJob,
} from '@/modules/fleet/device-jobs/device-jobs.repository';
import {
  createStepQueue,
  doneStep,
  type JobStep,
  stepOfAck,
} from '@/modules/fleet/device-jobs/job-steps';
import type { JobWaiters } from '@/modules/fleet/device-jobs/job-waiters';

/**
 * How long a job waits for its device. Actions expire an hour before their status channel would
 * (a day after its last update), so the timeout still reaches it; firmware waits a week for
 * devices that are away, and its channel lives on as long as the device reports progress.
 */
export const JOB_EXPIRY_SECONDS = {
  action: STATUS_CHANNEL_TTL_SECONDS - 60 * 60,
  firmware: 7 * 24 * 60 * 60,
} as const;

type JobArgs = Record<string, unknown>;

const CANCELLED: StatusUpdate = { status: 'error', value: 'Cancelled', errorcode: 'CANCELLED' };
const TIMED_OUT: StatusUpdate = {
  status: 'error',
  value: 'The device did not finish the job before it expired',
  errorcode: 'TIMEOUT',
};
type JobRow = Awaited<ReturnType<DeviceJobsRepository['list']>>['rows'][number];

export interface CreatedJobs {
  /** Null when no device was visible: nothing was queued and no channel opened. */
  channel: string | null;
  jobs: { id: number; deviceId: number }[];
  /** One per device that was not found; source is the device id. */
  errors: ErrorItem[];
}

export const deviceError = (
  deviceId: number,
  message: string,
  code: string = ERROR_CODES.NOT_FOUND,
) => ({
  code,
  message,
  source: String(deviceId),
});

/**
 * A signed download link is a credential, and so is a hotspot user's password: job history shows
 * that there was one, never the value.
 */
const withoutSecrets = (args: JobArgs): JobArgs => ({
  ...args,
  ...('url' in args ? { url: '[signed link]' } : {}),
  ...('password' in args ? { password: '[hidden]' } : {}),
});

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** RMS's events of a job: when it was queued, sent, and how it ended. */
const eventsOf = (row: JobRow): DeviceJob['events'] =>
  [
    { action: 'queued', message: `${row.type} queued`, created_at: row.createdAt.toISOString() },
    ...(row.sentAt
      ? [{ action: 'sent', message: 'Sent to the device', created_at: row.sentAt.toISOString() }]
      : []),
    ...(row.finishedAt
      ? [
          {
            action: row.status,
            message: row.message ?? row.status,
            created_at: row.finishedAt.toISOString(),
          },
        ]
      : []),
  ].map((event) => ({ ...event, reference_id: String(row.id) }));

export const toDeviceJob = (row: JobRow): DeviceJob => ({
  id: row.id,
  events: eventsOf(row),
  action_name: row.type,
  scheduler_id: String(row.id),
  request_target_state: row.status as DeviceJobState,
  action_initialized_from: null,
  additional_information: null,
  device_serial: row.deviceSerial,
  action_tag_id: null,
  action_tag_name: null,
  action_tag_description: null,
  device_id: row.deviceId,
  device_name: row.deviceName,
  type: row.type,
  status: row.status as DeviceJobState,
  args: withoutSecrets(row.args),
  progress: row.progress,
  message: row.message,
  result: row.result,
  user_id: row.userId,
  created_at: row.createdAt.toISOString(),
  expires_at: row.expiresAt.toISOString(),
  sent_at: iso(row.sentAt),
  finished_at: iso(row.finishedAt),
});

interface Deps {
  jobsRepository: DeviceJobsRepository;
  status: Pick<StatusService, 'open' | 'publishMany'>;
  link: DeviceLink;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Requests waiting for a job's answer (device-requests.ts); woken as acks are applied. */
  waiters?: Pick<JobWaiters, 'notify'>;
}

/**
 * Durable commands for devices. A job row is written before anything is sent, so a server restart
 * loses nothing: a device gets its open jobs whenever it announces itself (deviceReady), acks move
 * the row and report to the job's status channel, and the sweeper times out what expired.
 */
export const createDeviceJobsService = ({
  jobsRepository,
  status,
  link,
  now,
  log,
  waiters,
}: Deps) => {
  /**
   * One publishMany per channel, updates in the given order. A channel outlives its last update
   * by a day; a week-long job may outlive its channel, and then its updates are dropped.
   */
  const report = async (reports: readonly { job: MovedJob; update: StatusUpdate }[]) => {
    const byChannel = new Map<string, { item: string; update: StatusUpdate }[]>();
    for (const { job, update } of reports) {
      if (!job.channel) continue;
      const items = byChannel.get(job.channel) ?? [];
      items.push({ item: String(job.deviceId), update });
      byChannel.set(job.channel, items);
    }
    await Promise.all(
      [...byChannel].map(([channel, items]) =>
        status.publishMany(channel, items).catch((error: unknown) => {
          log.warn(
            { err: error, channel, updates: items.length },
            'job status update not delivered',
          );
        }),
      ),
    );
  };

  /** Sends the jobs; those the broker took become `sent` (one UPDATE), the others wait for hello. */
  const send = async (
    commands: { deviceId: number; id: number; type: string; args: JobArgs; expiresAt: Date }[],
  ) => {
    const sent: number[] = [];
    await Promise.all(
      commands.map(async ({ deviceId, ...job }) => {
        try {
          await link.sendCommand(deviceId, {
            id: job.id,
            type: job.type as CommandType,
            args: job.args,
            expires_at: job.expiresAt.getTime(),
          });
          sent.push(job.id);
        } catch (error) {
          log.warn({ err: error, jobId: job.id }, 'command not handed to the broker');
        }
      }),
    );
    await jobsRepository.markSent(sent, now());
  };

  /** Acks (and hellos' done jobs) are applied in batches: see createStepQueue. */
  const steps = createStepQueue(async (batch: JobStep[]) => {
    const moved = new Map(
      (await jobsRepository.applyChanges(batch.map((step) => step.change))).map((job) => [
        job.id,
        job,
      ]),
    );
    waiters?.notify(moved.keys());
    await report(
      batch.flatMap(({ change, update }) => {
        const job = moved.get(change.id);
        return job ? [{ job, update }] : [];
      }),
    );
  });

  const finishedValues = () => ({ finishedAt: now() });

  const service = {
    /**
     * Queues one job per visible device, opening the status channel first so that it exists
     * before the caller is answered, reports `started` per device and sends to those online.
     * Devices the caller cannot see are per-item "not found" errors, like devices that do not exist.
     */
    async createJobs(
      auth: AuthContext,
      deviceIds: readonly number[],
      type: CommandType,
      args: JobArgs | ((deviceId: number) => JobArgs),
      { expiresInSeconds }: { expiresInSeconds: number },
    ): Promise<CreatedJobs> {
      const unique = [...new Set(deviceIds)];
      const visible = new Set(
        (await jobsRepository.visibleDevices(auth, unique)).map((device) => device.id),
      );
      const errors = unique
        .filter((id) => !visible.has(id))
        .map((id) => deviceError(id, DEVICE_JOB_MESSAGES.deviceNotFound));
      const targets = unique.filter((id) => visible.has(id));
      if (targets.length === 0) return { channel: null, jobs: [], errors };

      const channel = await status.open(auth.user.id);
      const expiresAt = new Date(now().getTime() + expiresInSeconds * 1000);
      const argsOf = typeof args === 'function' ? args : () => args;
      const rows = targets.map((deviceId) => ({
        deviceId,
        userId: auth.user.id,
        channel,
        type,
        args: argsOf(deviceId),
        expiresAt,
      }));
      const jobs = await jobsRepository.insert(rows);
      const started = { status: 'started' as const, value: `${type} queued` };
      await report(jobs.map((job) => ({ job: { ...job, channel }, update: started })));
      const argsById = new Map(rows.map((row) => [row.deviceId, row.args]));
      await send(
        jobs
          .filter((job) => link.isOnline(job.deviceId))
          .map((job) => ({ ...job, type, args: argsById.get(job.deviceId) ?? {}, expiresAt })),
      );
      return { channel, jobs, errors };
    },

    /**
     * An RMS action the device protocol cannot carry: nothing is queued; each visible device
     * answers an UNSUPPORTED error on a new status channel, the others are "not found".
     */
    async refuseUnsupported(auth: AuthContext, deviceIds: readonly number[], message: string) {
      const unique = [...new Set(deviceIds)];
      const visible = new Set(
        (await jobsRepository.visibleDevices(auth, unique)).map((device) => device.id),
      );
      const errors = unique
        .filter((id) => !visible.has(id))
        .map((id) => deviceError(id, DEVICE_JOB_MESSAGES.deviceNotFound));
      const targets = unique.filter((id) => visible.has(id));
      if (targets.length === 0) return { channel: null, errors };
      const channel = await status.open(auth.user.id);
      const update: StatusUpdate = { status: 'error', value: message, errorcode: 'UNSUPPORTED' };
      await status.publishMany(
        channel,
        targets.map((id) => ({ item: String(id), update })),
      );
      return { channel, errors };
    },

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
      type: CommandType,
    ) {
      const unique = [...new Set(items.map((item) => item.id))];
      /** Per device, the job ids it named; absent or empty: all of its open jobs of the type. */
      const named = new Map<number, Set<number>>();
      for (const item of items) {
        if (!item.job_id?.length) continue;
        named.set(item.id, new Set([...(named.get(item.id) ?? []), ...item.job_id]));
      }
      const open = await jobsRepository.openOfType(auth, unique, type);
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

    /** Marks expired open jobs timed out and reports them; returns how many it swept. */
    async sweep(batch = 500): Promise<number> {
      let total = 0;
      for (;;) {
        const expired = await jobsRepository.timeOutExpired(now(), batch);
        await report(expired.map((job) => ({ job, update: TIMED_OUT })));
        total += expired.length;
        if (expired.length < batch) return total;
      }
    },

    async list(...params: Parameters<DeviceJobsRepository['list']>) {
      const { rows, total } = await jobsRepository.list(...params);
      return { data: rows.map(toDeviceJob), total };
    },
  };

  const listener: Required<GatewayListener> = {
    /**
     * Finishes what the devices say they did, then sends everything still open and unexpired:
     * one query for the whole batch of hellos.
     */
    async devicesReady(devices: readonly ReadyDevice[]) {
      const at = now();
      await Promise.all(
        devices.flatMap(({ deviceId, hello }) =>
          (hello.done_jobs ?? []).map((id) => steps.push(doneStep(deviceId, id, at))),
        ),
      );
      const ids = [...new Set(devices.map((device) => device.deviceId))];
      await send(await jobsRepository.openForDevices(ids, now()));
    },

    /** Resolves once the ack's batch is applied and reported. */
    ack(deviceId: number, ack: AckMessage) {
      return steps.push(stepOfAck(deviceId, ack, now()));
    },
  };

  return { ...service, ...listener };
};

export type DeviceJobsService = ReturnType<typeof createDeviceJobsService>;
