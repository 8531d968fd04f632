import { Button, Group } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconX } from '@tabler/icons-react';
import type { TaskRun } from '@netfleet/contracts';
import { endsSchedule, isRunActive, isRunFinished } from '../model/states';
import { TASK_TEXTS as T } from '../texts';
import type { RunControls as Controls } from './use-run-controls';

/**
 * What can still be done with the run: pause a moving one, resume a paused one, cancel either (the
 * scheduled run of a series: its schedule).
 */
export function RunControls({ run, controls }: { run: TaskRun; controls: Controls }) {
  if (!controls.allowed || isRunFinished(run.status)) return null;
  return (
    <Group gap="xs">
      {isRunActive(run.status) && (
        <Button
          variant="default"
          leftSection={<IconPlayerPause size={16} aria-hidden />}
          disabled={controls.pending}
          onClick={controls.pause}
        >
          {T.pause}
        </Button>
      )}
      {run.status === 'paused' && (
        <Button
          variant="default"
          leftSection={<IconPlayerPlay size={16} aria-hidden />}
          disabled={controls.pending}
          onClick={controls.resume}
        >
          {T.resume}
        </Button>
      )}
      <Button
        color="red"
        variant="light"
        leftSection={<IconX size={16} aria-hidden />}
        disabled={controls.pending}
        onClick={controls.cancel}
      >
        {endsSchedule(run) ? T.cancelSchedule : T.cancelRun}
      </Button>
    </Group>
  );
}
