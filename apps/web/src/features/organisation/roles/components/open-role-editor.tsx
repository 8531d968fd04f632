import { truncateRoleName, type Role } from '@netfleet/contracts';
import { dialogs, type DialogOptions } from '@/components/dialogs';
import { ROLE_TEXTS } from '../texts';
import { RoleEditor } from './role-editor';

/** 'New role' without a role, 'Edit role' with a custom one. */
export function roleEditorDialog(role?: Role): DialogOptions {
  return {
    id: 'roles.editor',
    title: role ? ROLE_TEXTS.editRole(truncateRoleName(role.title)) : ROLE_TEXTS.newRole,
    size: 'xl',
    maximizable: true,
    main: true,
    content: <RoleEditor role={role} />,
  };
}

export function openRoleEditor(role?: Role): void {
  dialogs.open(roleEditorDialog(role));
}
