// English texts of the global firmware page, shared by its components and tests.
export const GLOBAL_FIRMWARE_TEXTS = {
  title: 'Global firmware',
  intro: 'Firmware files every company can use in firmware updates.',
  table: 'Global firmware files',
  name: 'Name',
  size: 'Size',
  deviceModel: 'Device model',
  anyModel: 'Any model',
  description: 'Description',
  company: 'Uploaded by',
  createdAt: 'Uploaded',
  actions: 'Actions',
  searchPlaceholder: 'Search by name or description',
  noMatches: 'No global firmware found',
  empty: 'No global firmware yet',
  emptyHint: 'Upload firmware here to let every company send it to its devices.',
  upload: 'Upload firmware',
  file: 'Firmware file',
  fileHint: 'A firmware image (.bin)',
  uploadSubmit: 'Upload',
  uploaded: 'Global firmware uploaded successfully',
  uploading: 'Uploading… stay on this page until it finishes.',
  download: 'Download',
  editDescription: 'Edit description',
  delete: 'Delete',
  save: 'Save',
  cancel: 'Cancel',
  deleteTitle: 'Delete global firmware',
  deleteConfirm: (name: string) =>
    `Delete global firmware ${name}? Companies can no longer use it for updates.`,
} as const;

/** The item named in the success and failure notifications. */
export const ITEM = 'global firmware';
