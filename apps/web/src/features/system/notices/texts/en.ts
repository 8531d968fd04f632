// English texts of global notices (header list and the /notices admin page), shared with tests.
import { MESSAGES, type Notice } from '@netfleet/contracts';

export const en = {
  important: MESSAGES.important,
  /** A notice as toasts name it: 'Notice created successfully'. */
  item: 'notice',
  control: 'Global notices',
  listTitle: 'Global notices',
  pageTitle: 'Global notices',
  tableLabel: 'Global notices',
  empty: 'No notices found',
  search: 'Search notices',
  createNotice: 'New notice',
  editNotice: 'Edit notice',
  type: 'Type',
  message: 'Message',
  messageHelp:
    'Allowed formatting: <b>, <i>, <em>, <strong>, <a href="…"> and <img src="https://…">. Other tags show as text.',
  preview: 'Preview',
  previewEmpty: 'The message appears here as users will see it.',
  enabled: 'Enabled',
  enabledAt: 'Enabled at',
  draft: 'Disabled',
  actions: 'Actions',
  save: 'Save',
  cancel: 'Cancel',
  edit: (id: number) => `Edit notice ${id}`,
  toggle: (id: number) => `Enable notice ${id}`,
  remove: (id: number) => `Delete notice ${id}`,
  deleteTitle: 'Delete notice',
  deleteConfirm: 'Delete this notice? Users stop seeing it immediately.',
  delete: 'Delete',
  typeLabels: {
    info: 'Info',
    warning: 'Warning',
    critical: 'Critical',
  } satisfies Record<Notice['type'], string>,
} as const;
