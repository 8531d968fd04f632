import { List, Stack, Text } from '@mantine/core';
import { alertDialog } from '@/components/dialogs';
import { toast } from '@/components/toasts';
import type { BulkOutcome } from '../api/bulk-outcome';
import { DEVICE_TEXTS } from '../texts';

/** The devices a bulk request left undone, each with the server's reason. */
export function BulkFailures({ outcome }: { outcome: BulkOutcome }) {
  const failed = new Set(outcome.failures.map((failure) => failure.device)).size;
  return (
    <Stack gap="xs">
      <Text size="sm">
        {DEVICE_TEXTS.partial(Math.max(0, outcome.total - failed), outcome.total)}
      </Text>
      <Text size="sm" fw={500}>
        {DEVICE_TEXTS.notDone}
      </Text>
      <List size="sm" spacing={2}>
        {outcome.failures.map((failure, index) => (
          // The same device may fail for two tags: the index keeps the keys apart.
          <List.Item key={`${failure.device}-${index}`}>
            {failure.device ? `${failure.device}: ${failure.message}` : failure.message}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** Success as a toast; anything left undone as a dialog naming each device (never plain success). */
export function showOutcome(outcome: BulkOutcome, successText: string): void {
  if (outcome.failures.length === 0) {
    toast.success(successText);
    return;
  }
  void alertDialog({
    title: DEVICE_TEXTS.partialTitle,
    message: <BulkFailures outcome={outcome} />,
  });
}
