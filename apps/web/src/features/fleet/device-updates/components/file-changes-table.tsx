import { Badge, Table } from '@mantine/core';
import { formatBytes } from '@netfleet/contracts';
import type { BackupFileChange } from '../api/get-backup-comparison';
import { FILE_CHANGE_LABELS, UPDATE_TEXTS as T } from '../texts';

const CHANGE_COLORS: Record<BackupFileChange['change'], string> = {
  added: 'green',
  removed: 'red',
  changed: 'blue',
};

const sizeText = (bytes: number | null) => (bytes === null ? T.none : formatBytes(bytes));

/** The files only one backup holds, or with other content, with their sizes. */
export function FileChangesTable({ files }: { files: readonly BackupFileChange[] }) {
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table aria-label={T.changedFiles} withTableBorder verticalSpacing={4} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{T.path}</Table.Th>
            <Table.Th>{T.change}</Table.Th>
            <Table.Th>{T.sizeBefore}</Table.Th>
            <Table.Th>{T.sizeAfter}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {files.map((file) => (
            <Table.Tr key={file.path}>
              <Table.Td ff="monospace">{file.path}</Table.Td>
              <Table.Td>
                <Badge color={CHANGE_COLORS[file.change]} variant="light">
                  {FILE_CHANGE_LABELS[file.change]}
                </Badge>
              </Table.Td>
              <Table.Td>{sizeText(file.before)}</Table.Td>
              <Table.Td>{sizeText(file.after)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
