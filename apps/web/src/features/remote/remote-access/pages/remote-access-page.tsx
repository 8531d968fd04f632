import { Button, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { PageBreadcrumbs } from '@/components/breadcrumbs';
import { AccessRulesTable } from '../components/access-rules-table';
import { useAccessActions } from '../components/use-access-actions';
import { REMOTE_ACCESS_TEXTS as T } from '../texts';

/** Route `remote.access`: the access rules of every device the user can see. */
export function RemoteAccessPage() {
  const actions = useAccessActions();
  return (
    <Stack gap="md">
      <PageBreadcrumbs items={[{ label: T.remoteAccess }]} />
      <Group justify="space-between">
        <Title order={2}>{T.remoteAccess}</Title>
        {actions.allowed && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => actions.add()}>
            {T.add}
          </Button>
        )}
      </Group>
      <AccessRulesTable />
    </Stack>
  );
}
