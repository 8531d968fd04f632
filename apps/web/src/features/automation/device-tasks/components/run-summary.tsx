import { Alert, Code, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { TaskRun } from '@netfleet/contracts';
import { formatDateTime } from '@/components/data-table';
import { TASK_TEXTS as T } from '../texts';
import { NextRun } from './next-run';
import { RunCounts } from './run-counts';
import { RunStatusBadge } from './state-badge';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

/**
 * The run at a glance: its state, its window (and schedule, when it repeats), why it ended early
 * when it did, and how far its devices have got.
 */
export function RunSummary({ run }: { run: TaskRun }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Fact label={T.status}>
            <RunStatusBadge status={run.status} />
          </Fact>
          <Fact label={T.startAtColumn}>{formatDateTime(run.start_at)}</Fact>
          <Fact label={T.validUntil}>{formatDateTime(run.valid_until)}</Fact>
          <Fact label={T.finishedAt}>
            {run.finished_at ? formatDateTime(run.finished_at) : T.none}
          </Fact>
          {run.recurrence && (
            <Fact label={T.repeats}>
              <Code>{run.recurrence.cron}</Code> {run.recurrence.time_zone}
            </Fact>
          )}
          {run.recurrence && run.series_id !== null && (
            <Fact label={T.nextRun}>
              <NextRun run={run} seriesId={run.series_id} />
            </Fact>
          )}
        </SimpleGrid>
        {run.message && (
          <Alert color="yellow" variant="light">
            {run.message}
          </Alert>
        )}
        <Group gap="md" align="center">
          <Text size="sm" fw={500}>
            {T.devicesCount(run.counts.total)}
          </Text>
          <RunCounts counts={run.counts} large />
        </Group>
      </Stack>
    </Paper>
  );
}
