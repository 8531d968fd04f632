import { FILE_SORT_FIELDS, type FileInfo } from '@netfleet/contracts';
import {
  DataTable,
  useTableQueryState,
  type BulkAction,
  type DataTableColumn,
} from '@/components/data-table';
import { getFiles, useFiles } from '../api/get-files';
import { UPDATE_KINDS, type UpdateKind } from '../model/update-kinds';
import { KIND_TEXTS, UPDATE_TEXTS as T } from '../texts';
import { openCompareDialog } from './compare-dialog';
import { BACKUP_COLUMNS, FIRMWARE_COLUMNS } from './file-columns';

const COLUMNS: Record<UpdateKind, DataTableColumn<FileInfo>[]> = {
  firmware: FIRMWARE_COLUMNS,
  backup: BACKUP_COLUMNS,
};

const CSV_FILES: Record<UpdateKind, string> = {
  firmware: 'firmware-files.csv',
  backup: 'backups.csv',
};

// A comparison is of two backups: the older one against the newer one.
const BACKUP_ACTIONS: BulkAction<FileInfo>[] = [
  {
    label: T.compare,
    disabled: (rows) => rows.length !== 2,
    onClick: ([a, b]) => {
      if (a && b) openCompareDialog(a, b);
    },
  },
];

/** The page's files, newest first, with search, sort and paging; a row's menu sends it. */
export function FilesTable({ kind }: { kind: UpdateKind }) {
  const columns = COLUMNS[kind];
  const { fileTypes } = UPDATE_KINDS[kind];
  const texts = KIND_TEXTS[kind];
  const state = useTableQueryState({
    defaultSort: '-created_at',
    sortFields: FILE_SORT_FIELDS,
    columns,
  });
  const result = useFiles(fileTypes, state.query);
  return (
    <DataTable
      label={texts.filesTable}
      tableId={`${kind}-files`}
      columns={columns}
      state={state}
      result={result}
      emptyMessage={texts.noFiles}
      searchPlaceholder={T.searchPlaceholder}
      bulkActions={kind === 'backup' ? BACKUP_ACTIONS : undefined}
      exportCsv={{
        filename: CSV_FILES[kind],
        fetchPage: (query, signal) => getFiles(fileTypes, query, signal),
      }}
    />
  );
}
