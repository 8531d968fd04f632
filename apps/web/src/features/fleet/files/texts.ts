import { FILES_ZIP_MAX, type FileType } from '@netfleet/contracts';

// English texts of the files page, shared by its components and tests.
export const FILES_TEXTS = {
  title: 'Files',
  intro: 'Firmware, configuration and other files of your companies, ready for device updates.',
  table: 'Files',
  name: 'Name',
  type: 'Type',
  size: 'Size',
  deviceModel: 'Device model',
  anyModel: 'Any model',
  description: 'Description',
  company: 'Company',
  createdAt: 'Uploaded',
  actions: 'Actions',
  searchPlaceholder: 'Search by name or description',
  noMatches: 'No files found',
  empty: 'No files yet',
  emptyHint: 'Upload firmware or configuration files here to send them to your devices.',
  upload: 'Upload file',
  file: 'File',
  fileHint: 'At most 80 MB',
  modelHint: 'Leave empty if the file suits any model',
  uploadSubmit: 'Upload',
  uploaded: 'File uploaded successfully',
  uploading: 'Uploading… stay on this page until it finishes.',
  download: 'Download',
  downloadZip: 'Download as ZIP',
  zipTooMany: `Choose at most ${FILES_ZIP_MAX} files for one ZIP`,
  editDescription: 'Edit description',
  delete: 'Delete',
  save: 'Save',
  cancel: 'Cancel',
  deleteTitle: 'Delete file',
  deleteConfirm: (name: string) =>
    `Delete ${name}? Devices can no longer be updated with it. This cannot be undone.`,
} as const;

export const FILE_TYPE_LABELS: Readonly<Record<FileType, string>> = {
  firmware: 'Firmware',
  config: 'Configuration',
  global_firmware: 'Global firmware',
  custom_file: 'Other file',
};

/** The item named in the success and failure notifications. */
export const ITEM = 'file';
