import { Button, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { PageBreadcrumbs } from '@/components/breadcrumbs';
import { TaskGroupsTable } from '../components/task-groups-table';
import { useTaskGroupActions } from '../components/use-task-group-actions';
import { TASK_TEXTS as T } from '../texts';

/** The task manager's first view: every task group the user can see. */
export function TaskGroupsView() {
  const actions = useTaskGroupActions();
  return (
    <Stack gap="md">
      <PageBreadcrumbs items={[{ label: T.title }]} />
      <Group justify="space-between">
        <Title order={2}>{T.title}</Title>
        {actions.allowed && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={actions.create}>
            {T.newGroup}
          </Button>
        )}
      </Group>
      <TaskGroupsTable actions={actions} />
    </Stack>
  );
}
