import { Button, Group, Stack, Title } from '@mantine/core';
import { IconPencil, IconPlayerPlay } from '@tabler/icons-react';
import { PageBreadcrumbs } from '@/components/breadcrumbs';
import { QueryState } from '@/components/query-state';
import { useTaskGroup } from '../api/get-task-group';
import { RunsTable } from '../components/runs-table';
import { useTaskGroupActions } from '../components/use-task-group-actions';
import { TASK_MANAGER_ROUTE } from '../paths';
import { TASK_TEXTS as T } from '../texts';

/** `?group=ID`: the runs of one group, with running it again and editing it at hand. */
export function GroupRunsView({ groupId }: { groupId: number }) {
  const group = useTaskGroup(groupId);
  const actions = useTaskGroupActions();
  const name = group.data?.name;
  return (
    <Stack gap="md">
      <PageBreadcrumbs
        items={[
          { label: T.title, to: TASK_MANAGER_ROUTE },
          { label: name === undefined ? T.runs : T.runsOf(name) },
        ]}
      />
      <QueryState result={group} notFoundTitle={T.notFound}>
        {(data) => (
          <Stack gap="md">
            <Group justify="space-between">
              <Title order={2}>{T.runsOf(data.name)}</Title>
              {actions.allowed && (
                <Group gap="xs">
                  <Button
                    variant="default"
                    leftSection={<IconPencil size={16} aria-hidden />}
                    onClick={() => actions.edit(data)}
                  >
                    {T.edit}
                  </Button>
                  <Button
                    leftSection={<IconPlayerPlay size={16} aria-hidden />}
                    onClick={() => actions.run(data)}
                  >
                    {T.run}
                  </Button>
                </Group>
              )}
            </Group>
            <RunsTable groupId={data.id} />
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
