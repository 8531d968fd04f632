import { Stack, Table, Text, Title } from '@mantine/core';
import { formatBytes } from '@netfleet/contracts';
import { formatDateTime } from '@/components/data-table';
import { useHotspotSessions } from '../api/get-hotspot-users';
import type { HotspotRef } from '../api/keys';
import { HOTSPOT_USER_TEXTS, WIRELESS_TEXTS } from '../texts';
import { DeviceReadError, DeviceReadLoading } from './device-read-state';

/** Who is logged in to the hotspot now, as the device reports it. */
export function HotspotSessionsList({ hotspot }: { hotspot: HotspotRef }) {
  const sessions = useHotspotSessions(hotspot);

  let body;
  if (sessions.isPending) {
    body = <DeviceReadLoading text={HOTSPOT_USER_TEXTS.readingSessions} />;
  } else if (sessions.isError) {
    body = <DeviceReadError error={sessions.error} onRetry={() => void sessions.refetch()} />;
  } else if (sessions.data.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        {HOTSPOT_USER_TEXTS.noSessions}
      </Text>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={560}>
        <Table aria-label={HOTSPOT_USER_TEXTS.sessions} striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{HOTSPOT_USER_TEXTS.username}</Table.Th>
              <Table.Th>{HOTSPOT_USER_TEXTS.ip}</Table.Th>
              <Table.Th>{HOTSPOT_USER_TEXTS.mac}</Table.Th>
              <Table.Th>{HOTSPOT_USER_TEXTS.since}</Table.Th>
              <Table.Th>{HOTSPOT_USER_TEXTS.received}</Table.Th>
              <Table.Th>{HOTSPOT_USER_TEXTS.sent}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sessions.data.map((session) => (
              <Table.Tr key={`${session.username}-${session.mac ?? ''}-${session.started_at}`}>
                <Table.Td>{session.username}</Table.Td>
                <Table.Td>{session.ip ?? WIRELESS_TEXTS.none}</Table.Td>
                <Table.Td>{session.mac ?? WIRELESS_TEXTS.none}</Table.Td>
                <Table.Td>{formatDateTime(session.started_at)}</Table.Td>
                <Table.Td>{formatBytes(session.rx)}</Table.Td>
                <Table.Td>{formatBytes(session.tx)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack gap="xs">
      <Title order={5}>{HOTSPOT_USER_TEXTS.sessions}</Title>
      {body}
    </Stack>
  );
}
