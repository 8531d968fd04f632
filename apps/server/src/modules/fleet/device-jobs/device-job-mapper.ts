import { type DeviceJob, type DeviceJobState, ERROR_CODES } from '@netfleet/contracts';
import type { DeviceJobsRepository } from '@/modules/fleet/device-jobs/device-jobs.repository';
import { argsForClients, resultForClients } from '@/modules/fleet/device-jobs/job-secrets';

export type JobArgs = Record<string, unknown>;

type JobRow = Awaited<ReturnType<DeviceJobsRepository['list']>>['rows'][number];

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
 * that there was one, never the value. Signed links (downloads and backup uploads), nonces,
 * passwords and VPN profiles are never listed; configuration secrets show masked (job-secrets.ts).
 */
const withoutSecrets = (type: string, args: JobArgs): JobArgs => ({
  ...argsForClients(type, args),
  ...('url' in args ? { url: '[signed link]' } : {}),
  ...('upload_url' in args ? { upload_url: '[signed link]' } : {}),
  ...('nonce' in args ? { nonce: '[hidden]' } : {}),
  ...('password' in args ? { password: '[hidden]' } : {}),
  ...('profile' in args ? { profile: '[hidden]' } : {}),
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
  args: withoutSecrets(row.type, row.args),
  progress: row.progress,
  message: row.message,
  result: resultForClients(row.type, row.result),
  user_id: row.userId,
  created_at: row.createdAt.toISOString(),
  expires_at: row.expiresAt.toISOString(),
  sent_at: iso(row.sentAt),
  finished_at: iso(row.finishedAt),
});
