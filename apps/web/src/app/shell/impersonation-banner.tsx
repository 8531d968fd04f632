import { Alert } from '@mantine/core';
import { IconUserShield } from '@tabler/icons-react';
import { impersonationBanner, type CurrentUser } from '@netfleet/contracts';

export function ImpersonationBanner({ user }: { user: CurrentUser }) {
  return (
    <Alert color="orange" variant="light" icon={<IconUserShield size={18} />} mb="md" role="status">
      {impersonationBanner(user.email, user.company_name || user.company.name, user.company.id)}
    </Alert>
  );
}
