import { Button, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { hasPermission } from '@netfleet/contracts';
import { PageBreadcrumbs } from '@/components/breadcrumbs';
import { useCurrentUser } from '@/lib/current-user';
import { AutomationsNav } from '../components/automations-nav';
import { openSilenceDialog } from '../components/silence-dialog';
import { SilencesTable } from '../components/silences-table';
import { AUTOMATIONS_ROUTE } from '../paths';
import { SILENCES_TEXTS as S } from '../silence-texts';
import { AUTOMATIONS_TEXTS as T } from '../texts';

/**
 * Route `automations.silences`: silences and maintenance windows of the companies the user can
 * see. Writes need the manage permission, as the server's silence routes do.
 */
export function SilencesPage() {
  const user = useCurrentUser();
  const canManage = hasPermission(user.permissions, 'manage_device_alert_configurations');
  return (
    <Stack gap="md">
      <PageBreadcrumbs
        items={[{ label: T.title, to: AUTOMATIONS_ROUTE }, { label: S.silencesTab }]}
      />
      <Group justify="space-between">
        <Title order={2}>{T.title}</Title>
        {canManage && (
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => openSilenceDialog()}
          >
            {S.newSilence}
          </Button>
        )}
      </Group>
      <AutomationsNav view="silences" />
      <SilencesTable canManage={canManage} />
    </Stack>
  );
}
