import { Stack, Table, Text, Title } from '@mantine/core';
import { formatDateTime } from '@/components/data-table';
import { QueryState } from '@/components/query-state';
import { useProfileDownloads } from '../api/quick-connect';
import { VPN_TEXTS as T } from '../texts';

/** Every download of the hub's profiles: which, by whom (or through the link), from where, when. */
export function ProfileDownloads({ hubId }: { hubId: number }) {
  const result = useProfileDownloads(hubId);
  return (
    <Stack gap="sm">
      <Title order={4}>{T.downloads}</Title>
      <QueryState
        result={result}
        isEmpty={(downloads) => downloads.length === 0}
        emptyText={T.noDownloads}
      >
        {(downloads) => (
          <Table striped withTableBorder aria-label={T.downloads}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{T.client}</Table.Th>
                <Table.Th>{T.downloadedBy}</Table.Th>
                <Table.Th>{T.from}</Table.Th>
                <Table.Th>{T.downloadedAt}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {downloads.map((download) => (
                <Table.Tr key={download.id}>
                  <Table.Td>{download.client_name}</Table.Td>
                  <Table.Td>
                    {download.via === 'link' ? (
                      <Text size="sm" c="dimmed">
                        {T.viaLink}
                      </Text>
                    ) : (
                      (download.user_email ?? T.none)
                    )}
                  </Table.Td>
                  <Table.Td>{download.ip}</Table.Td>
                  <Table.Td>{formatDateTime(download.downloaded_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </QueryState>
    </Stack>
  );
}
