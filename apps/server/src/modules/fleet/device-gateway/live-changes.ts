import { type DeviceChange, LIVE_DEVICE_FIELDS } from '@netfleet/contracts';
import type { LatestRow, LivenessRow, WrittenDevices } from './gateway.repository';

/**
 * What the live device channels hear of a liveness flush: status and connection time. Rows that
 * only refreshed last_seen_at change nothing a list shows; devices not written (unenrolled or
 * deleted meanwhile) are left out.
 */
export const livenessChanges = (rows: LivenessRow[], written: WrittenDevices): DeviceChange[] => {
  const changes: DeviceChange[] = [];
  for (const row of rows) {
    const companyId = written.get(row.deviceId);
    if (companyId === undefined || (row.status === null && row.connectedAt === null)) continue;
    changes.push({
      id: row.deviceId,
      company_id: companyId,
      ...(row.status !== null ? { status: row.status } : {}),
      ...(row.connectedAt ? { last_connection_at: row.connectedAt.toISOString() } : {}),
    });
  }
  return changes;
};

const LIVE_FIELDS: ReadonlySet<string> = new Set(LIVE_DEVICE_FIELDS);

/** The latest-reading columns a telemetry flush wrote that the device lists show. */
export const readingChanges = (latest: LatestRow[], written: WrittenDevices): DeviceChange[] => {
  const changes: DeviceChange[] = [];
  for (const row of latest) {
    const companyId = written.get(row.deviceId);
    if (companyId === undefined) continue;
    // Column names are the API's field names (LATEST_COLUMNS); the values are the validated reading's.
    const fields = Object.fromEntries(
      Object.entries(row.values).filter(([column]) => LIVE_FIELDS.has(column)),
    ) as Partial<DeviceChange>;
    changes.push({
      ...fields,
      id: row.deviceId,
      company_id: companyId,
      information_updated: row.at.toISOString(),
    });
  }
  return changes;
};
