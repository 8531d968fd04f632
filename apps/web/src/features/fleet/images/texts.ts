import { IMAGE_MAX_HEIGHT, IMAGE_MAX_WIDTH } from '@netfleet/contracts';

// English texts of the images page, shared by its components and tests.
export const IMAGES_TEXTS = {
  title: 'Images',
  intro: 'Pictures your companies use on device dashboards.',
  table: 'Images',
  preview: 'Preview',
  openPreview: (name: string) => `Preview ${name}`,
  name: 'Name',
  size: 'Size',
  dimensions: 'Dimensions',
  description: 'Description',
  company: 'Company',
  createdAt: 'Uploaded',
  actions: 'Actions',
  searchPlaceholder: 'Search by name or description',
  noMatches: 'No images found',
  empty: 'No images yet',
  emptyHint: 'Upload pictures here to show them on your device dashboards.',
  upload: 'Upload image',
  image: 'Image',
  imageHint: `JPEG or PNG, at most 5 MB and ${IMAGE_MAX_WIDTH}x${IMAGE_MAX_HEIGHT} pixels`,
  uploadSubmit: 'Upload',
  uploaded: 'Image uploaded successfully',
  uploading: 'Uploading…',
  download: 'Download',
  editDescription: 'Edit description',
  delete: 'Delete',
  save: 'Save',
  cancel: 'Cancel',
  close: 'Close',
  deleteTitle: 'Delete image',
  deleteConfirm: (name: string) =>
    `Delete ${name}? Dashboards showing it will show nothing in its place.`,
} as const;

/** The item named in the success and failure notifications. */
export const ITEM = 'image';
