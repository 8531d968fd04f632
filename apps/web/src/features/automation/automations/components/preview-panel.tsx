import { Alert, Button, Card, Group, List, Stack, Table, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import type { AutomationPreview } from '@netfleet/contracts';
import { AUTOMATIONS_TEXTS as T } from '../texts';

interface PreviewPanelProps {
  result: AutomationPreview | undefined;
  error: string | null;
  loading: boolean;
  onPreview: () => void;
}

function PreviewResult({ result }: { result: AutomationPreview }) {
  // An older server answers without it.
  const unreplayed = result.unreplayed_parameters ?? [];
  return (
    <Stack gap="xs" role="status" aria-live="polite">
      <Text fw={600}>{T.previewFired(result.fired, result.hours)}</Text>
      <Text size="sm">{T.previewResolved(result.resolved)}</Text>
      <Text size="sm">{T.previewDevices(result.devices_evaluated, result.devices_in_scope)}</Text>
      {(result.truncated || result.thinned || unreplayed.length > 0) && (
        <List size="sm" c="dimmed">
          {result.truncated && <List.Item>{T.previewTruncated}</List.Item>}
          {result.thinned && <List.Item>{T.previewThinned}</List.Item>}
          {unreplayed.length > 0 && (
            <List.Item>{T.previewUnreplayed(unreplayed.join(', '))}</List.Item>
          )}
        </List>
      )}
      {result.per_device.length > 0 && (
        <Table striped withTableBorder aria-label={T.previewTopDevices} maw={520}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{T.device}</Table.Th>
              <Table.Th>{T.fired}</Table.Th>
              <Table.Th>{T.resolved}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.per_device.map((device) => (
              <Table.Tr key={device.device_id}>
                <Table.Td>{device.device_name}</Table.Td>
                <Table.Td>{device.fired}</Table.Td>
                <Table.Td>{device.resolved}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** "Would have fired N times on the last 24 h": the editor's rule replayed on the server. */
export function PreviewPanel({ result, error, loading, onPreview }: PreviewPanelProps) {
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Text fw={600}>{T.previewTitle}</Text>
            <Text size="sm" c="dimmed">
              {T.previewHint}
            </Text>
          </div>
          <Button
            variant="default"
            leftSection={<IconPlayerPlay size={16} aria-hidden />}
            loading={loading}
            onClick={onPreview}
          >
            {T.preview}
          </Button>
        </Group>
        {error && (
          <Alert color="red" variant="light" title={T.previewFailed}>
            {error}
          </Alert>
        )}
        {result && !error && <PreviewResult result={result} />}
      </Stack>
    </Card>
  );
}
