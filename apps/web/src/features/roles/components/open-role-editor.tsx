import { truncateRoleName, type Role } from '@netfleet/contracts';
import { dialogs } from '@/components/dialogs';
import { RoleEditor } from './role-editor';

/** 'New role' without a role, 'Edit role' with a custom one. */
export function openRoleEditor(role?: Role): void {
  dialogs.open({
    id: 'roles.editor',
    title: role ? `Edit role ${truncateRoleName(role.title)}` : 'New role',
    size: 'xl',
    maximizable: true,
    main: true,
    content: <RoleEditor role={role} />,
  });
}
