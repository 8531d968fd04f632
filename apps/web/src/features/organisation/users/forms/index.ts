import type { FormDefinition } from '@/components/schema-form';
import { assignSsoAdministratorForm } from './assign-sso-administrator';
import { changeRoleForm } from './change-role';
import { deleteUserForm } from './delete-user';
import { inviteNewCompanyForm } from './invite-new-company';
import { inviteUserForm } from './invite-user';
import { moveUsersForm } from './move-users';
import { removeFromSuppressionListForm } from './remove-from-suppression-list';
import { removeMfaForm } from './remove-mfa';

/** The generic forms of this feature, by the name in `/forms/<name>/<id?>`. */
export const usersForms: Record<string, FormDefinition> = Object.fromEntries(
  [
    inviteUserForm,
    inviteNewCompanyForm,
    removeFromSuppressionListForm,
    removeMfaForm,
    deleteUserForm,
    assignSsoAdministratorForm,
    moveUsersForm,
    changeRoleForm,
  ].map((form) => [form.name, form]),
);
