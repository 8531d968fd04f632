// English texts of the dialog manager and its ready-made dialogs, shared with the tests.
import { MESSAGES } from '@netfleet/contracts';

export const en = {
  dialog: {
    close: 'Close',
    minimize: 'Minimize',
    maximize: 'Maximize',
    restoreSize: 'Restore size',
    help: 'Help',
    restore: (title: string) => `Restore ${title}`,
    closeMinimized: (title: string) => `Close ${title}`,
    minimizedBar: 'Minimized windows',
    confirmTitle: 'Confirm',
    confirm: 'Confirm',
    cancel: 'Cancel',
    ok: 'OK',
    errorTitle: MESSAGES.errorTitle,
    required: (label: string) => `${label} is required`,
  },
  viewer: {
    copy: 'Copy',
    copied: 'Copied',
    download: 'Download',
    document: (title: string) => `${title} content`,
  },
} as const;
