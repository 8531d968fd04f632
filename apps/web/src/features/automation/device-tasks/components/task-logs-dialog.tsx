import { Anchor, Code, Stack, Table, Text } from '@mantine/core';
import type { TaskGroupLog, TaskLog } from '@netfleet/contracts';
import { formatDateTime } from '@/components/data-table';
import { dialogs, openNamedDialog } from '@/components/dialogs';
import { QueryState } from '@/components/query-state';
import { useTaskLogs } from '../api/get-task-logs';
import { useTaskRun } from '../api/get-task-run';
import { isRunFinished } from '../model/states';
import { ACTION_LABELS, TASK_TEXTS as T } from '../texts';
import { TaskLogStatusBadge } from './state-badge';

/** Badges and times keep their width; the result column takes what is left and wraps. */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** An answer that parses as JSON opens in the JSON viewer, anything else as text. */
const isJson = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

function openOutput(output: string, title: string) {
  void (isJson(output)
    ? openNamedDialog('json-viewer', { title, value: output })
    : openNamedDialog('text', { title, text: output }));
}

function Result({ log: { message, output, name } }: { log: TaskLog }) {
  if (!message && !output) return T.none;
  return (
    <Stack gap={4} maw={420}>
      {message && <Text size="sm">{message}</Text>}
      {output && (
        // A JSON answer is one long word: it breaks anywhere, or it would widen the column until
        // the status and the times are squeezed out of sight.
        <Code
          block
          mah={200}
          style={{ overflow: 'auto', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {output}
        </Code>
      )}
      {output && (
        <Anchor component="button" size="xs" onClick={() => openOutput(output, T.outputOf(name))}>
          {T.openOutput}
        </Anchor>
      )}
    </Stack>
  );
}

function TaskLogsTable({ logs }: { logs: readonly TaskLog[] }) {
  if (logs.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg">
        {T.noTaskLogs}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table aria-label={T.taskLogs} striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{T.stepName}</Table.Th>
            <Table.Th>{T.action}</Table.Th>
            <Table.Th>{T.status}</Table.Th>
            <Table.Th>{T.attempt}</Table.Th>
            <Table.Th>{T.result}</Table.Th>
            <Table.Th>{T.started}</Table.Th>
            <Table.Th>{T.finishedAt}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {logs.map((log) => (
            <Table.Tr key={log.id}>
              <Table.Td>{`${log.order + 1}. ${log.name}`}</Table.Td>
              <Table.Td>{ACTION_LABELS[log.action]}</Table.Td>
              <Table.Td style={NO_WRAP}>
                <TaskLogStatusBadge status={log.status} />
              </Table.Td>
              <Table.Td>{log.attempt}</Table.Td>
              <Table.Td>
                <Result log={log} />
              </Table.Td>
              <Table.Td style={NO_WRAP}>{formatDateTime(log.created_at)}</Table.Td>
              <Table.Td style={NO_WRAP}>
                {log.finished_at ? formatDateTime(log.finished_at) : T.none}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The device's steps, read again every 2 s while the run they belong to is not finished. */
function TaskLogsContent({ groupLogId, runId }: { groupLogId: number; runId: number }) {
  // The run's view already follows the run: this reads the same cached answer.
  const run = useTaskRun(runId).data;
  const live = run === undefined || !isRunFinished(run.status);
  const result = useTaskLogs(groupLogId, live);
  return (
    <QueryState result={result} notFoundTitle={T.notFound}>
      {(logs) => <TaskLogsTable logs={logs} />}
    </QueryState>
  );
}

/** Spec dialog 'task logs': each step (and each retry) of one device's run and its result. */
export function openTaskLogs(log: Pick<TaskGroupLog, 'id' | 'run_id' | 'device_name'>): void {
  dialogs.open({
    id: 'device-tasks.task-logs',
    title: T.taskLogsTitle(log.device_name),
    subtitle: T.runLabel(log.run_id),
    size: 'xl',
    maximizable: true,
    content: <TaskLogsContent groupLogId={log.id} runId={log.run_id} />,
  });
}
