import {
  type AckMessage,
  type CommandType,
  DEVICE_JOB_MESSAGES,
  type ErrorItem,
  STATUS_CHANNEL_TTL_SECONDS,
  type StatusUpdate,
} from '@netfleet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { runInForeground } from '@/lib/foreground';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type {
  DeviceLink,
  GatewayListener,
  ReadyDevice,
} from '@/modules/fleet/device-gateway/gateway.port';
import type { Presence } from '@/modules/fleet/device-gateway/presence';
import type { StatusService } from '@/modules/system/status/status.service';
import type { DeviceJobsRepository } from '@/modules/fleet/device-jobs/device-jobs.repository';
import type { MovedJob } from '@/modules/fleet/device-jobs/job-moves.repository';
import {
  deviceError,
  type JobArgs,
  toDeviceJob,
} from '@/modules/fleet/device-jobs/device-job-mapper';
import { createJobCancels } from '@/modules/fleet/device-jobs/job-cancels';
import { createJobReport } from '@/modules/fleet/device-jobs/job-report';
import {
  createStepQueue,
  doneStep,
  type JobStep,
  stepOfAck,
} from '@/modules/fleet/device-jobs/job-steps';
import type { JobWaiters } from '@/modules/fleet/device-jobs/job-waiters';
import {
  createJobArgsRenderers,
  type JobArgsRenderer,
  type JobArgsRenderers,
} from '@/modules/fleet/device-jobs/job-args';

/**
 * How long a job waits for its device. Actions expire an hour before their status channel would
 * (a day after its last update), so the timeout still reaches it; firmware waits a week for
 * devices that are away, and its channel lives on as long as the device reports progress.
 */
export const JOB_EXPIRY_SECONDS = {
  action: STATUS_CHANNEL_TTL_SECONDS - 60 * 60,
  firmware: 7 * 24 * 60 * 60,
} as const;

const TIMED_OUT: StatusUpdate = {
  status: 'error',
  value: 'The device did not finish the job before it expired',
  errorcode: 'TIMEOUT',
};

export interface CreatedJobs {
  /** Null when no device was visible: nothing was queued and no channel opened. */
  channel: string | null;
  jobs: { id: number; deviceId: number }[];
  /** One per device that was not found; source is the device id. */
  errors: ErrorItem[];
}

interface Deps {
  jobsRepository: DeviceJobsRepository;
  status: Pick<StatusService, 'open' | 'publishMany'>;
  link: DeviceLink;
  /** Who is online here or, behind a shared broker, on another instance. */
  presence: Pick<Presence, 'onlineAmong'>;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Requests waiting for a job's answer (device-requests.ts); woken as acks are applied. */
  waiters?: Pick<JobWaiters, 'notify'>;
  /** Shared with device-requests.ts, so every way a command goes out renders its args. */
  renderers?: JobArgsRenderers;
}

/** A stored job ready to go out (see dispatch). */
export interface StoredJob {
  id: number;
  deviceId: number;
  channel: string | null;
  type: CommandType;
  args: JobArgs;
  expiresAt: Date;
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
  presence,
  now,
  log,
  waiters,
  renderers = createJobArgsRenderers(log),
}: Deps) => {
  const report = createJobReport({ status, log });
  /**
   * Told whenever jobs moved (acks, timeouts), with the jobs: the task engine follows its steps
   * with it, automations their failed firmware updates.
   */
  const moveListeners = new Set<(jobs: readonly MovedJob[]) => void>();
  const tellMoved = (jobs: readonly MovedJob[]) => {
    if (jobs.length === 0) return;
    for (const listener of moveListeners) {
      try {
        listener(jobs);
      } catch (error) {
        log.warn({ err: error }, 'job move listener failed');
      }
    }
  };

  /** Ends jobs a renderer refused: cancelled with its message, reported to their channels. */
  const cancelRefused = async (
    refused: readonly { job: { id: number; deviceId: number }; message: string }[],
  ) => {
    if (refused.length === 0) return;
    const at = now();
    const cancelled = await jobsRepository.applyChanges(
      refused.map(({ job, message }) => ({
        id: job.id,
        deviceId: job.deviceId,
        status: 'cancelled' as const,
        from: ['queued', 'sent'] as const,
        values: { message, finishedAt: at },
      })),
    );
    waiters?.notify(cancelled.map((job) => job.id));
    tellMoved(cancelled);
    await report(
      cancelled.map((job) => ({
        job,
        update: { status: 'error', value: job.message ?? 'Cancelled', errorcode: 'CANCELLED' },
      })),
    );
  };

  /**
   * Sends the jobs with their args rendered now (job-args.ts); those the broker took become `sent`
   * (one UPDATE), the others wait for hello.
   */
  const send = async (
    stored: { deviceId: number; id: number; type: string; args: JobArgs; expiresAt: Date }[],
  ) => {
    if (stored.length === 0) return;
    const { ready: commands, refused } = await renderers.render(stored);
    await cancelRefused(refused);
    if (commands.length === 0) return;
    let failed: Set<number>;
    try {
      failed = new Set(
        await link.sendCommands(
          commands.map(({ deviceId, ...job }) => ({
            deviceId,
            command: {
              id: job.id,
              type: job.type as CommandType,
              args: job.args,
              expires_at: job.expiresAt.getTime(),
            },
          })),
        ),
      );
    } catch (error) {
      failed = new Set(commands.keys());
      log.warn({ err: error }, 'commands not handed to the broker');
    }
    if (failed.size > 0)
      log.warn({ jobs: failed.size }, 'jobs wait for their devices to say hello');
    await jobsRepository.markSent(
      commands.filter((_, index) => !failed.has(index)).map((job) => job.id),
      now(),
    );
  };

  /**
   * Sends the jobs of devices online (presence.ts: here, or elsewhere as the shared database says
   * when several instances share a broker, so a job does not wait for a hello that already went to
   * another instance). A device gone meanwhile gets it at its next hello.
   */
  const sendToOnline = async (jobs: readonly StoredJob[]) => {
    // Decided now: a device saying hello meanwhile gets its open jobs from that hello.
    const online = await presence.onlineAmong(jobs.map((job) => job.deviceId));
    await send(jobs.filter((job) => online.has(job.deviceId)));
  };

  /** Acks (and hellos' done jobs) are applied in batches: see createStepQueue. */
  /** Acks are foreground work (lib/foreground.ts): someone watches the channel they report to. */
  const steps = createStepQueue((batch: JobStep[]) =>
    runInForeground(async () => {
      const changes = batch.map((step) => step.change);
      const moved = new Map((await jobsRepository.applyChanges(changes)).map((j) => [j.id, j]));
      waiters?.notify(moved.keys());
      tellMoved([...moved.values()]);
      await report(
        batch.flatMap(({ change, update }) => {
          const job = moved.get(change.id);
          return job ? [{ job, update: update(job) }] : [];
        }),
      );
    }),
  );

  const service = {
    /**
     * Queues one job per visible device, opening the status channel first so that it exists
     * before the caller is answered, reports `started` per device and sends to those online.
     * Devices the caller cannot see are per-item "not found" errors, like devices that do not exist.
     */
    async createJobs(
      auth: AuthContext,
      deviceIds: readonly number[],
      type: CommandType | ((deviceId: number) => CommandType),
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
      const typeOf = typeof type === 'function' ? type : () => type;
      const rows = targets.map((deviceId) => ({
        deviceId,
        userId: auth.user.id,
        channel,
        type: typeOf(deviceId),
        args: argsOf(deviceId),
        expiresAt,
      }));
      const jobs = await jobsRepository.insert(rows);
      const rowOf = new Map(rows.map((row) => [row.deviceId, row]));
      await service.dispatch(
        jobs.map((job) => ({
          ...job,
          channel,
          type: rowOf.get(job.deviceId)?.type ?? typeOf(job.deviceId),
          args: rowOf.get(job.deviceId)?.args ?? {},
          expiresAt,
        })),
      );
      return { channel, jobs, errors };
    },

    /**
     * Reports `started` for stored jobs and sends those of online devices. Not awaited: the jobs
     * are stored, so the caller has its answer; handing a thousand commands to a broker busy with
     * a reboot storm took up to a second. A job the broker does not take stays queued and goes
     * out when its device next says hello.
     */
    async dispatch(jobs: readonly StoredJob[]) {
      await report(
        jobs.map((job) => ({ job, update: { status: 'started', value: `${job.type} queued` } })),
      );
      sendToOnline(jobs).catch((error: unknown) =>
        log.warn({ err: error }, 'sent jobs not marked'),
      );
    },

    /** Makes `type` jobs' sent args from their stored ones, at every send (job-args.ts). */
    renderArgs(type: CommandType, renderer: JobArgsRenderer) {
      renderers.register(type, renderer);
    },

    /** Calls `listener` with the jobs after they moved; returns the function that stops it. */
    onJobsMoved(listener: (jobs: readonly MovedJob[]) => void) {
      moveListeners.add(listener);
      return () => moveListeners.delete(listener);
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

    ...createJobCancels({ jobsRepository, status, now, report }),

    /** Marks expired open jobs timed out and reports them; returns how many it swept. */
    async sweep(batch = 500): Promise<number> {
      let total = 0;
      for (;;) {
        const expired = await jobsRepository.timeOutExpired(now(), batch);
        await report(expired.map((job) => ({ job, update: TIMED_OUT })));
        tellMoved(expired);
        total += expired.length;
        if (expired.length < batch) return total;
      }
    },

    async list(...params: Parameters<DeviceJobsRepository['list']>) {
      const { rows, total } = await jobsRepository.list(...params);
      return { data: rows.map(toDeviceJob), total };
    },
  };

  const listener: Required<Pick<GatewayListener, 'devicesReady' | 'ack'>> = {
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
