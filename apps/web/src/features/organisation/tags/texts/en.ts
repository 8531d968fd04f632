// English texts of the tags pages and forms, shared by the components and their tests.
import { plural } from '@/lib/i18n';

export const en = {
  tags: 'Tags',
  tag: 'Tag',
  newTag: 'New tag',
  editTag: 'Edit tag',
  name: 'Name',
  description: 'Description',
  color: 'Colour',
  colorHelp: 'Leave empty for the default colour',
  company: 'Company',
  devices: 'Devices',
  createdAt: 'Created',
  updatedAt: 'Updated',
  defaultColor: 'Default',
  edit: 'Edit',
  delete: 'Delete',
  actions: 'Actions',
  rowActions: (name: string) => `Actions for ${name}`,
  deleteTitle: 'Delete tag',
  deleteConfirm: (name: string) => `Delete tag ${name}?`,
  bulkDeleteTitle: 'Delete tags',
  bulkDeleteConfirm: (count: number) =>
    plural(count, {
      one: 'Delete {{count}} selected tag?',
      other: 'Delete {{count}} selected tags?',
    }),
  bulkPartial: (removed: number, total: number) => `${removed} of ${total} tags removed`,
  empty: 'No tags found',
  searchPlaceholder: 'Search by name or description',
  notFound: 'Tag not found',
  details: 'Tag details',
  loading: 'Loading',
  none: '—',
  /** Items of the action messages ('Tag removed successfully'). */
  items: {
    tag: 'tag',
    tags: 'tags',
  },
} as const;
