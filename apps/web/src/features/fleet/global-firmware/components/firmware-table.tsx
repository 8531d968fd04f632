import { useMemo } from 'react';
import { FILE_SORT_FIELDS } from '@netfleet/contracts';
import { DataTable, useTableQueryState } from '@/components/data-table';
import { getGlobalFirmware, useGlobalFirmware } from '../api/get-global-firmware';
import { GLOBAL_FIRMWARE_TEXTS as T } from '../texts';
import { EmptyFirmware } from './empty-firmware';
import { firmwareColumns } from './firmware-columns';
import type { FirmwareActions } from './use-firmware-actions';

/** Global firmware, newest first, with search, sort and paging. */
export function FirmwareTable({ actions }: { actions: FirmwareActions }) {
  const columns = useMemo(() => firmwareColumns(actions), [actions]);
  const state = useTableQueryState({
    defaultSort: '-created_at',
    sortFields: FILE_SORT_FIELDS,
    columns,
  });
  const result = useGlobalFirmware(state.query);
  const { q, offset } = state.query;

  // Nothing at all yet (not just nothing matching): say what it is for and offer the first.
  if (result.data?.total === 0 && !q && offset === 0) {
    return <EmptyFirmware onUpload={actions.upload} />;
  }
  return (
    <DataTable
      label={T.table}
      tableId="global-firmware"
      columns={columns}
      state={state}
      result={result}
      emptyMessage={T.noMatches}
      searchPlaceholder={T.searchPlaceholder}
      exportCsv={{ filename: 'global-firmware.csv', fetchPage: getGlobalFirmware }}
    />
  );
}
