import { ActionIcon, Center, Group, Loader, Table, Text, Tooltip } from '@mantine/core';
import {
  IconDownload,
  IconFile,
  IconFolder,
  IconLink,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import { formatBytes, type SftpEntry } from '@netfleet/contracts';
import { formatDateTime } from '@/components/data-table';
import { sortEntries } from '../model/sftp-paths';
import { CONNECT_TEXTS } from '../texts';

interface SftpTableProps {
  entries: readonly SftpEntry[] | undefined;
  loading: boolean;
  downloadUrl: (entry: SftpEntry) => string;
  onOpen: (entry: SftpEntry) => void;
  onRename: (entry: SftpEntry) => void;
  onDelete: (entry: SftpEntry) => void;
}

const ICONS = { directory: IconFolder, link: IconLink, file: IconFile, other: IconFile };
const KIND_LABELS = {
  directory: CONNECT_TEXTS.folder,
  link: CONNECT_TEXTS.link,
  file: CONNECT_TEXTS.file,
  other: CONNECT_TEXTS.file,
};

function EntryActions({
  entry,
  ...props
}: Omit<SftpTableProps, 'entries' | 'loading' | 'onOpen'> & { entry: SftpEntry }) {
  return (
    <Group
      gap={4}
      wrap="nowrap"
      justify="flex-end"
      aria-label={CONNECT_TEXTS.rowActions(entry.name)}
      role="group"
    >
      {entry.type !== 'directory' && (
        <Tooltip label={CONNECT_TEXTS.download}>
          <ActionIcon
            component="a"
            href={props.downloadUrl(entry)}
            download={entry.name}
            variant="subtle"
            aria-label={CONNECT_TEXTS.download}
          >
            <IconDownload size={16} />
          </ActionIcon>
        </Tooltip>
      )}
      <Tooltip label={CONNECT_TEXTS.rename}>
        <ActionIcon
          variant="subtle"
          aria-label={CONNECT_TEXTS.rename}
          onClick={() => props.onRename(entry)}
        >
          <IconPencil size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={CONNECT_TEXTS.delete}>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={CONNECT_TEXTS.delete}
          onClick={() => props.onDelete(entry)}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** A folder's entries, folders first; double-click or Enter opens a folder. */
export function SftpTable({ entries, loading, onOpen, ...actions }: SftpTableProps) {
  if (loading)
    return (
      <Center py="xl">
        <Loader aria-label={CONNECT_TEXTS.loadingFolder} />
      </Center>
    );
  if (!entries) return null;
  if (entries.length === 0)
    return (
      <Text c="dimmed" py="md" ta="center">
        {CONNECT_TEXTS.emptyFolder}
      </Text>
    );
  const open = (entry: SftpEntry) => entry.type === 'directory' && onOpen(entry);
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, entry: SftpEntry) => {
    // Only the row's own Enter: an action button's Enter is that button's.
    if (event.key === 'Enter' && event.target === event.currentTarget) open(entry);
  };
  return (
    <Table data-testid="sftp-table" highlightOnHover verticalSpacing={6} stickyHeader>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{CONNECT_TEXTS.name}</Table.Th>
          <Table.Th ta="right">{CONNECT_TEXTS.size}</Table.Th>
          <Table.Th>{CONNECT_TEXTS.modified}</Table.Th>
          <Table.Th>{CONNECT_TEXTS.permissions}</Table.Th>
          <Table.Th ta="right">{CONNECT_TEXTS.actions}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {sortEntries(entries).map((entry) => {
          const Icon = ICONS[entry.type];
          return (
            <Table.Tr
              key={entry.path}
              tabIndex={0}
              style={{ cursor: entry.type === 'directory' ? 'pointer' : undefined }}
              onDoubleClick={() => open(entry)}
              onKeyDown={(event) => onKeyDown(event, entry)}
            >
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Icon size={18} aria-label={KIND_LABELS[entry.type]} role="img" />
                  <Text size="sm">{entry.name}</Text>
                </Group>
              </Table.Td>
              <Table.Td ta="right">
                {entry.type === 'directory' ? '' : formatBytes(entry.size)}
              </Table.Td>
              <Table.Td>{formatDateTime(entry.modified)}</Table.Td>
              <Table.Td ff="monospace">{entry.permissions}</Table.Td>
              <Table.Td>
                <EntryActions entry={entry} {...actions} />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
