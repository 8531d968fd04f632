import { Alert } from '@mantine/core';
import { IconUserShield } from '@tabler/icons-react';
import type { CurrentUser } from '@netfleet/contracts';
import { MESSAGE_TEXTS } from '@/lib/messages';

export function ImpersonationBanner({ user }: { user: CurrentUser }) {
  return (
    <Alert color="orange" variant="light" icon={<IconUserShield size={18} />} mb="md" role="status">
      {MESSAGE_TEXTS.impersonationBanner(
        user.email,
        user.company_name || user.company.name,
        user.company.id,
      )}
    </Alert>
  );
}
