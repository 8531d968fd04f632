import type { CommandType } from '@netfleet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { JobArgs } from '@/modules/fleet/device-jobs/device-job-mapper';

/** A stored job about to be sent: its args as stored, which a renderer turns into the sent ones. */
export interface RenderableJob {
  id: number;
  deviceId: number;
  type: string;
  args: JobArgs;
}

/**
 * Thrown by a renderer when the job must not go out any more (what it was for is gone): the job is
 * cancelled with this message instead of being sent.
 */
export class JobArgsRefused extends Error {}

/**
 * Makes what the device is sent from what the job stores, each time the job is sent. A command that
 * carries a secret (a VPN profile with the device's private key) stores only the references it is
 * made from, so no job row holds the secret while its device is away, and a resend carries the
 * state of the moment rather than that of the day it was queued.
 */
export type JobArgsRenderer = (job: RenderableJob) => Promise<JobArgs>;

/**
 * The renderers by command type, registered by the modules that own the commands (device jobs know
 * no module's secrets). Types without one are sent as stored.
 */
export const createJobArgsRenderers = (log: Pick<FastifyBaseLogger, 'warn'>) => {
  const renderers = new Map<string, JobArgsRenderer>();
  return {
    register(type: CommandType, renderer: JobArgsRenderer) {
      if (renderers.has(type)) throw new Error(`${type} jobs already have an args renderer`);
      renderers.set(type, renderer);
    },

    /**
     * The jobs ready to send with their rendered args, and those refused with why. A job whose
     * renderer failed otherwise (the database did not answer) is in neither: it stays queued and
     * goes out at its device's next hello.
     */
    async render<T extends RenderableJob>(jobs: readonly T[]) {
      const ready: T[] = [];
      const refused: { job: T; message: string }[] = [];
      for (const job of jobs) {
        const renderer = renderers.get(job.type);
        if (!renderer) {
          ready.push(job);
          continue;
        }
        try {
          ready.push({ ...job, args: await renderer(job) });
        } catch (error) {
          if (error instanceof JobArgsRefused) refused.push({ job, message: error.message });
          else log.warn({ err: error, jobId: job.id }, 'job args not rendered; the job waits');
        }
      }
      return { ready, refused };
    },
  };
};

export type JobArgsRenderers = ReturnType<typeof createJobArgsRenderers>;
