// English texts of the roles page, the role editor and the permission table. The permission
// descriptions and category names are the contracts' catalogue (PERMISSION_CATALOGUE and
// PERMISSION_CATEGORIES), keyed by permission and category name.
import {
  PERMISSION_CATALOGUE,
  type Permission,
  type PermissionCategory,
} from '@netfleet/contracts';

export const en = {
  title: 'Roles & Permissions',
  administration: 'Administration',
  users: 'Users',
  rolesLabel: 'Roles',
  empty: 'No roles found',
  searchPlaceholder: 'Search by title, name or description',
  newRole: 'New role',
  editRole: (title: string) => `Edit role ${title}`,
  columns: {
    title: 'Title',
    name: 'Name',
    company: 'Company',
    permissions: 'Permissions',
    description: 'Description',
    actions: 'Actions',
  },
  types: { default: 'Default', custom: 'Custom' },
  // Editor
  titleLabel: 'Title',
  descriptionLabel: 'Description',
  companyLabel: 'Company',
  permissionsLabel: 'Permissions',
  companyRequired: 'Company is required',
  cancel: 'Cancel',
  createRole: 'Create role',
  save: 'Save',
  loadingPermissions: 'Loading permissions',
  loadFailed: 'Failed to load the permissions',
  retry: 'Retry',
  // Permission table
  selectAll: (category: string) => `Select all ${category}`,
  granted: 'Granted',
  notGranted: 'Not granted',
  status: 'Status',
  searchPermissions: 'Search permissions',
  permissionsShown: 'Permissions shown',
  shownGranted: 'Granted',
  shownAll: 'All',
  noMatch: 'No permissions match the search',
  noneGranted: 'No permissions granted',
  permissionsTable: 'Permissions',
  permission: 'Permission',
  description: 'Description',
  // Row menu
  menuPermissions: 'Permissions',
  edit: 'Edit',
  delete: 'Delete',
  deleteTitle: 'Delete role',
  deleteConfirm: (title: string) => `Delete role ${title}?`,
  removeFailed: 'Failed to remove role',
  categories: {
    'Devices and monitoring': 'Devices and monitoring',
    'Remote access and VPN': 'Remote access and VPN',
    Reports: 'Reports',
    Administration: 'Administration',
    Resources: 'Resources',
    System: 'System',
  } satisfies Record<PermissionCategory, string>,
  permissions: PERMISSION_CATALOGUE satisfies Record<Permission, string>,
  /** Items of the action messages ('Tag removed successfully'). */
  items: {
    role: 'role',
  },
} as const;
