import { List, Stack, Text } from '@mantine/core';
import { alertDialog } from '@/components/dialogs';
import { toast } from '@/components/toasts';
import type { DeviceFailure } from '../model/device-outcome';
import { UPDATE_TEXTS as T } from '../texts';

function DeviceFailures({
  total,
  failures,
}: {
  total: number;
  failures: readonly DeviceFailure[];
}) {
  const failed = new Set(failures.map((failure) => failure.device)).size;
  return (
    <Stack gap="xs">
      <Text size="sm">{T.partial(Math.max(0, total - failed), total)}</Text>
      <Text size="sm" fw={500}>
        {T.notDone}
      </Text>
      <List size="sm" spacing={2}>
        {failures.map((failure, index) => (
          // A device may fail twice (two of its jobs): the index keeps the keys apart.
          <List.Item key={`${failure.device}-${index}`}>
            {failure.device ? T.deviceMessage(failure.device, failure.message) : failure.message}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/**
 * Success as a toast; devices left out as a dialog naming each with the server's reason, which
 * must not vanish like a toast.
 */
export function showOutcome(total: number, failures: readonly DeviceFailure[], done: string) {
  if (failures.length === 0) {
    toast.success(done);
    return;
  }
  void alertDialog({
    title: T.partialTitle,
    message: <DeviceFailures total={total} failures={failures} />,
  });
}
