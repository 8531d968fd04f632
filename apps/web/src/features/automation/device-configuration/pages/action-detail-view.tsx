import { Button, Group, Stack, Title } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import type { ConfigAction } from '@netfleet/contracts';
import { QueryState } from '@/components/query-state';
import { useAction } from '../api/get-action';
import { ActionDevicesTable } from '../components/action-devices-table';
import { ActionSummary } from '../components/action-summary';
import { useRollback } from '../components/use-rollback';
import { actionTitle, canRollBack } from '../model/states';
import { CONFIG_TEXTS as T } from '../texts';

function ActionDetail({ action }: { action: ConfigAction }) {
  const rollback = useRollback(action);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={3}>{actionTitle(action)}</Title>
        {canRollBack(action) && (
          <Button
            color="red"
            variant="light"
            leftSection={<IconArrowBackUp size={16} aria-hidden />}
            // Only what a device applied can be undone.
            disabled={rollback.pending || action.completed === 0}
            onClick={() => rollback.rollback()}
          >
            {T.rollback}
          </Button>
        )}
      </Group>
      <ActionSummary action={action} />
      <ActionDevicesTable action={action} rollback={rollback} />
    </Stack>
  );
}

/** `?action=NAME`: one action, live while devices are working, with each device's changes. */
export function ActionDetailView({ name }: { name: string }) {
  const action = useAction(name);
  return (
    <QueryState result={action} notFoundTitle={T.notFound}>
      {(data) => <ActionDetail action={data} />}
    </QueryState>
  );
}
