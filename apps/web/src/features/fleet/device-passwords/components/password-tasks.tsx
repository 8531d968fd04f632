import { Alert, Button, Center, Loader, Stack, Table, Text } from '@mantine/core';
import type { PasswordBatch } from '@netfleet/contracts';
import { formatDateTime } from '@/components/data-table';
import { usePasswordBatches } from '../api/get-password-batches';
import { PASSWORD_TEXTS as T } from '../texts';
import { DownloadButton } from './download-button';

/** The list offers the newest batches only: a download is worth it within days of a change. */
const RECENT = 25;

/** What became of a batch's passwords, or the button to download them once. */
function PasswordsCell({ batch, canDownload }: { batch: PasswordBatch; canDownload: boolean }) {
  if (batch.downloaded_at) return T.downloaded;
  if (batch.deleted_at) return T.expired;
  if (!batch.downloadable) return T.notKept;
  return canDownload ? <DownloadButton batchId={batch.id} /> : T.available;
}

/** The recent password tasks: their devices' progress and their one download. */
export function PasswordTasks({ canDownload }: { canDownload: boolean }) {
  const result = usePasswordBatches(RECENT);
  if (result.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  if (result.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title={T.loadFailed}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{result.error.message}</Text>
          <Button size="xs" variant="light" onClick={() => void result.refetch()}>
            {T.retry}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (result.data.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg">
        {T.noTasks}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={520}>
        <Table aria-label={T.tasks} striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{T.created}</Table.Th>
              <Table.Th>{T.completed}</Table.Th>
              <Table.Th>{T.failed}</Table.Th>
              <Table.Th>{T.total}</Table.Th>
              <Table.Th>{T.passwords}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.data.map((batch) => (
              <Table.Tr key={batch.id}>
                <Table.Td>{formatDateTime(batch.created_at)}</Table.Td>
                <Table.Td>{batch.completed}</Table.Td>
                <Table.Td>{batch.failed}</Table.Td>
                <Table.Td>{batch.total}</Table.Td>
                <Table.Td>
                  <PasswordsCell batch={batch} canDownload={canDownload} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed">
        {T.recentTasks(RECENT)}
      </Text>
    </Stack>
  );
}
