import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useDialog } from '@/components/dialogs';
import { openActionStatus } from '@/lib/action-status';
import { itemLabels, type BatchResult } from '../model/batch-result';
import type { PasswordDevice } from '../model/password-forms';
import { PASSWORD_TEXTS as T } from '../texts';
import { DownloadButton } from './download-button';
import { FailureList } from './failure-list';

interface BatchResultViewProps {
  result: BatchResult;
  devices: readonly PasswordDevice[];
}

/**
 * After a change: how many devices got it, those that did not, and the one download of the
 * passwords. 'Action status' (opened as the answer came) can be opened again from here.
 */
export function BatchResultView({ result, devices }: BatchResultViewProps) {
  const dialog = useDialog();
  const showStatus = () =>
    openActionStatus(result.channel, { title: T.statusTitle, itemLabels: itemLabels(devices) });
  return (
    <Stack gap="md">
      <Alert color={result.failures.length > 0 ? 'yellow' : 'green'} variant="light">
        {T.sent(result.done, result.total)}
      </Alert>
      <FailureList failures={result.failures} />
      {result.downloadable ? (
        <Stack gap="xs" align="flex-start">
          <DownloadButton batchId={result.batchId} prominent />
          <Text size="xs" c="dimmed">
            {T.downloadHint}
          </Text>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {T.notKeptHint}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={showStatus}>
          {T.showStatus}
        </Button>
        {dialog && <Button onClick={dialog.close}>{T.close}</Button>}
      </Group>
    </Stack>
  );
}
