import { api } from '@/lib/api-client';
import { byDataIndex, itemLabels, runBulk, type BulkOutcome, type DeviceRef } from './bulk-outcome';
import { DEVICES_PATH } from './keys';
import { DEVICE_TEXTS } from '../texts';

const ids = (devices: readonly DeviceRef[]) => devices.map((device) => device.id);

/** POST /devices/actions: answers a status channel that the 'Action status' dialog follows. */
export function rebootDevices(devices: readonly DeviceRef[]): Promise<BulkOutcome> {
  return runBulk(devices, () =>
    api.post<unknown>(`${DEVICES_PATH}/actions`, {
      body: { action: 'reboot', device_id: ids(devices) },
      actionStatus: { title: DEVICE_TEXTS.statusTitles.reboot, itemLabels: itemLabels(devices) },
    }),
  );
}

export function deleteDevices(devices: readonly DeviceRef[]): Promise<BulkOutcome> {
  return runBulk(devices, () =>
    api.delete<unknown>(DEVICES_PATH, { body: { device_id: ids(devices) } }),
  );
}

export function moveDevices(devices: readonly DeviceRef[], companyId: number) {
  return runBulk(devices, () =>
    api.post<unknown>(`${DEVICES_PATH}/move`, {
      body: { device_id: ids(devices), company_id: companyId },
    }),
  );
}

export function updateFirmware(devices: readonly DeviceRef[], fileId: number) {
  return runBulk(devices, () =>
    api.post<unknown>(`${DEVICES_PATH}/updates/set`, {
      body: {
        data: devices.map((device) => ({
          id: device.id,
          action: 'update_firmware',
          file_id: fileId,
          offline: true,
          keep_settings: true,
        })),
      },
      actionStatus: { title: DEVICE_TEXTS.statusTitles.firmware, itemLabels: itemLabels(devices) },
    }),
  );
}

/** POST /devices/actions download_backup: each device uploads its backup to Files (async). */
export function exportBackups(devices: readonly DeviceRef[]): Promise<BulkOutcome> {
  return runBulk(devices, () =>
    api.post<unknown>(`${DEVICES_PATH}/actions`, {
      body: { action: 'download_backup', device_id: ids(devices) },
      actionStatus: {
        title: DEVICE_TEXTS.statusTitles.exportBackup,
        itemLabels: itemLabels(devices),
      },
    }),
  );
}

/** POST /devices/updates/set upload_backup: the devices restore one backup file (async). */
export function uploadBackup(devices: readonly DeviceRef[], fileId: number) {
  return runBulk(devices, () =>
    api.post<unknown>(`${DEVICES_PATH}/updates/set`, {
      body: {
        data: devices.map((device) => ({
          id: device.id,
          action: 'upload_backup',
          file_id: fileId,
          offline: true,
        })),
      },
      actionStatus: {
        title: DEVICE_TEXTS.statusTitles.uploadBackup,
        itemLabels: itemLabels(devices),
      },
    }),
  );
}

/** Firmware updates the devices have not started are dropped; the answer names the others. */
export function cancelUpdates(devices: readonly DeviceRef[]) {
  return runBulk(devices, () =>
    api.post<unknown>(`${DEVICES_PATH}/updates/cancel`, {
      body: { data: devices.map((device) => ({ id: device.id })) },
    }),
  );
}

/** The *_monitoring periods to set (0 = off); a template's periods come first when given. */
export interface MonitoringChange {
  template_id?: number;
  periods: Record<string, number>;
}

export function setMonitoring(devices: readonly DeviceRef[], change: MonitoringChange) {
  const template = change.template_id === undefined ? {} : { template_id: change.template_id };
  return runBulk(devices, () =>
    api.put<unknown>(`${DEVICES_PATH}/monitoring`, {
      body: {
        data: devices.map((device) => ({ device_id: device.id, ...template, ...change.periods })),
      },
    }),
  );
}

export type TagMode = 'add' | 'remove' | 'overwrite';

/** The tag endpoints take up to this many body items per request. */
const TAG_ITEMS_MAX = 1000;

const merge = (outcomes: readonly BulkOutcome[], total: number): BulkOutcome => ({
  total,
  failures: outcomes.flatMap((outcome) => outcome.failures),
});

/**
 * Adding and removing send one item per (device, tag) pair; replacing one item per device. Large
 * selections are split into requests of at most 1000 items; errors name items by index.
 */
export async function changeTags(
  devices: readonly DeviceRef[],
  tagIds: readonly number[],
  mode: TagMode,
): Promise<BulkOutcome> {
  const items =
    mode === 'overwrite'
      ? devices.map((device) => ({ device_id: device.id, tag_id: [...tagIds] }))
      : devices.flatMap((device) => tagIds.map((tag) => ({ device_id: device.id, tag_id: tag })));
  const url = `${DEVICES_PATH}/tags/${mode === 'add' ? 'assign' : mode === 'remove' ? 'unassign' : 'overwrite'}`;
  const outcomes: BulkOutcome[] = [];
  for (let start = 0; start < items.length; start += TAG_ITEMS_MAX) {
    const chunk = items.slice(start, start + TAG_ITEMS_MAX);
    outcomes.push(
      await runBulk(
        devices,
        () => api.put<unknown>(url, { body: { data: chunk } }),
        byDataIndex((index) => chunk[index]?.device_id),
      ),
    );
  }
  return merge(outcomes, devices.length);
}
