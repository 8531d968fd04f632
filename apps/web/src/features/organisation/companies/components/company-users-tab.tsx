import { Button, Group, Stack } from '@mantine/core';
import { IconArrowsExchange, IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { hasPermission } from '@netfleet/contracts';
import { useCurrentUser } from '@/lib/current-user';
import { COMPANY_TEXTS } from '../texts';
import { CompanyInvitationsTable } from './company-invitations-table';
import type { CompanyTabProps } from './company-tabs';
import { CompanyUsersTable } from './company-users-table';
import { openMoveUsersDialog } from './move-users-dialog';

/** The invite form belongs to the users feature: it is opened as a form page with the company. */
export const inviteUserPath = (companyId: number) => `/forms/invite-user?company_id=${companyId}`;

/** Tab `users`: sub tabs `table` (users) and `invitations`, with invite and move actions. */
export function CompanyUsersTab({ company, sub }: CompanyTabProps) {
  const { permissions } = useCurrentUser();
  return (
    <Stack gap="md">
      <Group gap="xs">
        {hasPermission(permissions, 'invite_users') && (
          <Button
            size="xs"
            component={Link}
            to={inviteUserPath(company.id)}
            leftSection={<IconUserPlus size={14} aria-hidden />}
          >
            {COMPANY_TEXTS.inviteUser}
          </Button>
        )}
        {hasPermission(permissions, 'manage_users') && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconArrowsExchange size={14} aria-hidden />}
            onClick={() => openMoveUsersDialog(company.id)}
          >
            {COMPANY_TEXTS.moveUsers}
          </Button>
        )}
      </Group>
      {sub === 'invitations' ? (
        <CompanyInvitationsTable key={company.id} companyId={company.id} />
      ) : (
        <CompanyUsersTable key={company.id} companyId={company.id} />
      )}
    </Stack>
  );
}
