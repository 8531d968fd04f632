export {
  RolePermissionTable,
  type RolePermissionTableProps,
} from './components/role-permission-table';
export {
  openRolePermissionsDialog,
  RolePermissionsView,
} from './components/role-permissions-dialog';
export { RolesPage } from './pages/roles-page';
