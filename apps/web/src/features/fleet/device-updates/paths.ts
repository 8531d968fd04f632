// Each page has one route; its tab is a query parameter, so a tab can be linked and the browser
// goes back from one tab to the other.
export const UPDATE_FIRMWARE_ROUTE = '/management/update-firmware';
export const UPLOAD_BACKUP_ROUTE = '/management/upload-backup';
// Where devices are asked for their backups (the backups explainer links them).
export const DEVICES_ROUTE = '/management/devices';
export const TASK_MANAGER_ROUTE = '/management/task-manager';

export const TAB_PARAM = 'tab';

/** The files, and the jobs sending them that the devices have not finished. */
export const PAGE_TABS = ['files', 'pending'] as const;
export type PageTab = (typeof PAGE_TABS)[number];
