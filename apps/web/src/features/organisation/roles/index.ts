export {
  RolePermissionTable,
  type RolePermissionTableProps,
} from './components/role-permission-table';
export { roleEditorDialog } from './components/open-role-editor';
export { rolePermissionsDialog, RolePermissionsView } from './components/role-permissions-dialog';
export { RolesPage } from './pages/roles-page';
