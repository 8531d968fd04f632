import { Badge, Button, Table, Text } from '@mantine/core';
import { formatBytes, type ConnectSession } from '@netfleet/contracts';
import { formatDateTime } from '@/components/data-table';
import { formatUptime } from '@/lib/format';
import { REMOTE_ACCESS_TEXTS as T } from '../texts';

/** RMS gives session times in epoch seconds. */
const fromEpoch = (seconds: number) => formatDateTime(new Date(seconds * 1000));

interface SessionsTableProps {
  label: string;
  sessions: readonly ConnectSession[];
  /** End buttons on active sessions (manage_device_remote_access). */
  onEnd?: (id: number) => void;
  emptyMessage: string;
}

/** Sessions of a rule: who, when, how long they have left or when they ended, and the bytes. */
export function SessionsTable({ label, sessions, onEnd, emptyMessage }: SessionsTableProps) {
  if (sessions.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {emptyMessage}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped withTableBorder aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{T.user}</Table.Th>
            <Table.Th>{T.started}</Table.Th>
            <Table.Th>{T.ended}</Table.Th>
            <Table.Th>{T.dataIn}</Table.Th>
            <Table.Th>{T.dataOut}</Table.Th>
            {onEnd && <Table.Th aria-label={T.actions} />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sessions.map((session) => (
            <Table.Tr key={session.id}>
              <Table.Td>{session.username}</Table.Td>
              <Table.Td>{fromEpoch(session.start_time)}</Table.Td>
              <Table.Td>
                {session.active ? (
                  <Badge color="green" variant="light" title={T.expiresIn}>
                    {`${T.active} · ${formatUptime(session.ttl)}`}
                  </Badge>
                ) : (
                  session.end_time !== null && fromEpoch(session.end_time)
                )}
              </Table.Td>
              <Table.Td>{formatBytes(session.input_data)}</Table.Td>
              <Table.Td>{formatBytes(session.output_data)}</Table.Td>
              {onEnd && (
                <Table.Td>
                  {session.active && (
                    <Button
                      size="compact-xs"
                      color="red"
                      variant="light"
                      onClick={() => onEnd(session.id)}
                    >
                      {T.end}
                    </Button>
                  )}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
