import { Group, Stack, Title } from '@mantine/core';
import type { TaskRun } from '@netfleet/contracts';
import { PageBreadcrumbs } from '@/components/breadcrumbs';
import { QueryState } from '@/components/query-state';
import { useTaskRun } from '../api/get-task-run';
import { GroupLogsTable } from '../components/group-logs-table';
import { RunControls } from '../components/run-controls';
import { RunSummary } from '../components/run-summary';
import { useRunControls } from '../components/use-run-controls';
import { groupRunsSearch, TASK_MANAGER_ROUTE } from '../paths';
import { TASK_TEXTS as T } from '../texts';

function RunDetail({ run }: { run: TaskRun }) {
  const controls = useRunControls(run);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{`${run.group_name} · ${T.runLabel(run.id)}`}</Title>
        <RunControls run={run} controls={controls} />
      </Group>
      <RunSummary run={run} />
      <GroupLogsTable run={run} controls={controls} />
    </Stack>
  );
}

/** `?run=ID`: one run, live until it has finished, with its devices and their task logs. */
export function RunDetailView({ runId }: { runId: number }) {
  const run = useTaskRun(runId);
  // A run outlives its group: without one, the group's name is shown without a link.
  const groupId = run.data?.group_id;
  const group = run.data && {
    label: run.data.group_name,
    ...(groupId ? { to: `${TASK_MANAGER_ROUTE}${groupRunsSearch(groupId)}` } : {}),
  };
  return (
    <Stack gap="md">
      <PageBreadcrumbs
        items={[
          { label: T.title, to: TASK_MANAGER_ROUTE },
          ...(group ? [group] : []),
          { label: T.runLabel(runId) },
        ]}
      />
      <QueryState result={run} notFoundTitle={T.notFound}>
        {(data) => <RunDetail run={data} />}
      </QueryState>
    </Stack>
  );
}
