import { monitorEventLoopDelay } from 'node:perf_hooks';
import { DEVICE_JOB_STATES } from '@netfleet/contracts';
import type { HealthRepository } from './health.repository';
import type { Histogram, MetricFamily } from './prometheus';

/** How often the event loop is sampled, in milliseconds. */
const LOOP_RESOLUTION_MS = 10;

/** A scrape every few seconds must not count a large jobs table each time. */
export const JOB_COUNTS_TTL_MS = 15_000;

/** What the device gateway reports (null: this instance runs no broker). */
export interface GatewayStats {
  accepted: number;
  buffered: number;
  online: number;
}

export interface MetricsSources {
  repository: HealthRepository;
  gateway: () => GatewayStats | null;
  requestDurations: Histogram;
}

const gauge = (name: string, help: string, value: number): MetricFamily => ({
  name,
  help,
  type: 'gauge',
  samples: [{ value }],
});

/**
 * Collects the families /metrics serves. The event-loop delay histogram is reset at each scrape,
 * so its percentiles describe the interval since the previous one.
 */
export const createMetrics = ({ repository, gateway, requestDurations }: MetricsSources) => {
  const loopDelay = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  loopDelay.enable();
  let jobCounts: { at: number; rows: Promise<{ state: string; count: number }[]> } | null = null;

  /** Cached, and shared by scrapes that arrive while it is being counted. */
  const countJobs = () => {
    const at = performance.now();
    if (!jobCounts || at - jobCounts.at >= JOB_COUNTS_TTL_MS) {
      const rows = repository.jobCountsByState();
      // A failed count is not cached: the next scrape tries again.
      rows.catch(() => {
        if (jobCounts?.rows === rows) jobCounts = null;
      });
      jobCounts = { at, rows };
    }
    return jobCounts.rows;
  };

  const gatewayFamilies = (stats: GatewayStats): MetricFamily[] => [
    gauge('netfleet_devices_connected', 'Devices connected to this instance.', stats.online),
    {
      name: 'netfleet_readings_total',
      help: 'Telemetry readings accepted by the device gateway.',
      type: 'counter',
      samples: [{ value: stats.accepted }],
    },
    gauge(
      'netfleet_gateway_buffer_rows',
      'Telemetry readings buffered for the next database flush.',
      stats.buffered,
    ),
  ];

  const jobFamilies = async (): Promise<MetricFamily[]> => {
    const rows = await countJobs();
    const byState = new Map(rows.map((row) => [row.state, row.count]));
    return [
      {
        name: 'netfleet_jobs',
        help: 'Device jobs by state (counted at most every 15 seconds).',
        type: 'gauge',
        samples: DEVICE_JOB_STATES.map((state) => ({
          labels: { state },
          value: byState.get(state) ?? 0,
        })),
      },
      gauge(
        'netfleet_job_queue_depth',
        'Device jobs queued for their devices.',
        byState.get('queued') ?? 0,
      ),
    ];
  };

  const loopFamilies = (): MetricFamily[] => {
    // Nanoseconds, NaN before the first sample; each includes the sampling timer's own wait.
    const seconds = (ns: number) =>
      Number.isFinite(ns) ? Math.max(0, ns / 1e6 - LOOP_RESOLUTION_MS) / 1000 : 0;
    const families = [
      gauge(
        'nodejs_eventloop_lag_p50_seconds',
        'Event loop delay, median since the last scrape.',
        seconds(loopDelay.percentile(50)),
      ),
      gauge(
        'nodejs_eventloop_lag_p99_seconds',
        'Event loop delay, 99th percentile since the last scrape.',
        seconds(loopDelay.percentile(99)),
      ),
      gauge(
        'nodejs_eventloop_lag_max_seconds',
        'Event loop delay, maximum since the last scrape.',
        seconds(loopDelay.max),
      ),
    ];
    loopDelay.reset();
    return families;
  };

  const poolFamilies = (): MetricFamily[] => {
    const pool = repository.poolStats();
    if (!pool) return [];
    return [
      gauge('netfleet_db_pool_connections', 'PostgreSQL pool connections.', pool.total),
      gauge('netfleet_db_pool_idle', 'PostgreSQL pool connections not in use.', pool.idle),
      gauge('netfleet_db_pool_waiting', 'Queries waiting for a pool connection.', pool.waiting),
    ];
  };

  return {
    async collect(): Promise<MetricFamily[]> {
      const stats = gateway();
      return [
        ...(stats ? gatewayFamilies(stats) : []),
        ...(await jobFamilies()),
        {
          name: 'netfleet_http_request_duration_seconds',
          help: 'HTTP response time by method, route pattern and status class.',
          type: 'histogram',
          buckets: requestDurations.buckets,
          series: requestDurations.series(),
        },
        ...loopFamilies(),
        gauge(
          'process_resident_memory_bytes',
          'Resident memory size in bytes.',
          process.memoryUsage.rss(),
        ),
        ...poolFamilies(),
      ];
    },
    close() {
      loopDelay.disable();
    },
  };
};
