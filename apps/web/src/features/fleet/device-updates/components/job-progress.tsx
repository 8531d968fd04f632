import { Group, Progress, Text } from '@mantine/core';
import type { PendingUpdate } from '@netfleet/contracts';
import { progressPercent } from '../model/pending';
import { UPDATE_TEXTS as T } from '../texts';

/** How far a job has got, as its device reports it; nothing before it reports any. */
export function JobProgress({ job }: { job: PendingUpdate }) {
  if (job.progress === null) return T.none;
  const percent = progressPercent(job.progress);
  return (
    <Group gap="xs" wrap="nowrap" miw={140}>
      <Progress value={percent} flex={1} size="sm" aria-label={T.progressOf(job.device_name)} />
      <Text size="xs" c="dimmed">
        {T.percent(percent)}
      </Text>
    </Group>
  );
}
