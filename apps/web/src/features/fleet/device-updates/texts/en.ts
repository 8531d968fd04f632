// English texts of the update firmware and upload backup pages, shared by the components and
// their tests.
import { plural } from '@/lib/i18n';

const devicesText = (count: number) =>
  plural(count, { one: '{{count}} device', other: '{{count}} devices' });

export const en = {
  update: {
    // Files
    name: 'Name',
    global: 'Global',
    description: 'Description',
    deviceModel: 'Device model',
    model: 'Model',
    anyModel: 'Any model',
    size: 'Size',
    uploadedAt: 'Uploaded',
    createdAt: 'Created',
    actions: 'Actions',
    searchPlaceholder: 'Search by name or description',
    download: 'Download',
    compare: 'Compare',
    // Backups explainer
    explainerTitle: 'Where backups come from',
    explainerBefore:
      'Devices upload their configuration backup when asked to: tick devices in the ',
    devicesList: 'devices list',
    explainerBetween: ' and choose Export backup, or add an Export backup step to a task in the ',
    taskManager: 'task manager',
    explainerAfter:
      '. Each backup is listed here, named after the device’s model, serial and the time it was made. Tick two backups to compare them, or restore one to devices from its row.',
    // Device picker
    devices: 'Devices',
    searchDevices: 'Search devices',
    noDevices: 'No devices found',
    devicesRequired: 'Pick at least one device',
    tooManyDevices: (max: number) => `At most ${max} devices at once`,
    deviceMessage: (device: string, message: string) => `${device}: ${message}`,
    // Firmware update form
    keepSettings: 'Keep settings',
    keepSettingsHint: 'Off: the devices go back to factory settings after the update',
    offline: 'Update when offline',
    offlineHint:
      'Offline devices update when they reconnect, within a week. Off: offline devices are left out.',
    firmwareFor: (model: string) => `For ${model}`,
    firmwareMisfit: (fileModel: string, model: string | null) =>
      model
        ? `the firmware is for ${fileModel}, the device is a ${model}`
        : `the firmware is for ${fileModel}, the device’s model is unknown`,
    updateConfirm: (file: string, devices: number, keepSettings: boolean, offline: boolean) =>
      [
        `Update ${devicesText(devices)} with ${file}?`,
        keepSettings
          ? 'Their settings are kept.'
          : 'They go back to factory settings after the update.',
        offline
          ? 'Offline devices update when they reconnect, within a week.'
          : 'Offline devices are left out.',
      ].join(' '),
    // Backup restore form
    backupOf: (model: string) => `Backup of a ${model}`,
    restoreHint:
      'The devices download the backup, apply its configuration and restart. Offline devices get it when they reconnect, within a week.',
    backupMisfit: (fileModel: string, model: string | null) =>
      model
        ? `the backup is of a ${fileModel}, the device is a ${model}`
        : `the backup is of a ${fileModel}, the device’s model is unknown`,
    restoreConfirm: (file: string, devices: number) =>
      `Restore ${file} to ${devicesText(devices)}? The devices download the backup, apply its configuration and restart. Offline devices get it when they reconnect, within a week.`,
    misfitsConfirm: (count: number) =>
      plural(count, {
        one: '{{count}} device is of another model.',
        other: '{{count}} devices are of another model.',
      }),
    cancel: 'Cancel',
    // Outcome of a bulk request
    partialTitle: 'Some devices were not changed',
    partial: (done: number, total: number) => `${done} of ${devicesText(total)} done.`,
    notDone: 'Not done:',
    // Pending jobs
    device: 'Device',
    file: 'File',
    status: 'Status',
    progress: 'Progress',
    expiresAt: 'Expires',
    progressOf: (device: string) => `Progress of ${device}`,
    percent: (value: number) => `${value}%`,
    // Comparison
    compareTitle: 'Compare backups',
    compareSubtitle: (older: string, newer: string) => `${older} → ${newer}`,
    configChanges: 'Configuration changes',
    sameConfiguration: 'The two backups hold the same configuration',
    path: 'Path',
    option: 'Option',
    before: 'Before',
    after: 'After',
    changedFiles: 'Changed files',
    change: 'Change',
    sizeBefore: 'Size before',
    sizeAfter: 'Size after',
    none: '—',
  },
  /** What differs between the firmware page and the backup page. */
  kinds: {
    firmware: {
      title: 'Update firmware',
      tabs: { files: 'Firmware files', pending: 'Pending updates' },
      filesTable: 'Firmware files',
      noFiles: 'No firmware files found',
      rowAction: 'Update devices',
      misfitsTitle: 'This firmware may not be for these devices',
      submit: 'Update',
      confirmTitle: 'Update firmware',
      statusTitle: 'Firmware update',
      started: 'Firmware update started',
      pendingTable: 'Pending firmware updates',
      noPending: 'No firmware update is pending',
      cancelSelected: 'Cancel updates',
      cancelConfirm: (count: number) =>
        `Cancel ${plural(count, { one: '{{count}} firmware update', other: '{{count}} firmware updates' })}? Updates a device has already started installing go on.`,
      keep: 'Keep updates',
      cancelled: 'Firmware updates cancelled successfully',
      cancelFailed: 'Failed to cancel the firmware updates',
    },
    backup: {
      title: 'Upload backup',
      tabs: { files: 'Backups', pending: 'Pending restores' },
      filesTable: 'Backups',
      noFiles: 'No backups found',
      rowAction: 'Restore to devices',
      misfitsTitle: 'This backup was made on another model',
      submit: 'Restore',
      confirmTitle: 'Restore backup',
      statusTitle: 'Upload backup',
      started: 'Backup restore started',
      pendingTable: 'Pending backup restores',
      noPending: 'No backup restore is pending',
      cancelSelected: 'Cancel restores',
      cancelConfirm: (count: number) =>
        `Cancel ${plural(count, { one: '{{count}} backup restore', other: '{{count}} backup restores' })}? Restores a device has already started go on.`,
      keep: 'Keep restores',
      cancelled: 'Backup restores cancelled successfully',
      cancelFailed: 'Failed to cancel the backup restores',
    },
  },
  fileChanges: {
    added: 'Added',
    removed: 'Removed',
    changed: 'Changed',
  },
} as const;
