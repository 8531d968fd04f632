import { useMemo, useState } from 'react';
import { toApiDate, type DataCollectEndpointAnswer } from '@netfleet/contracts';
import {
  DataTable,
  formatDateTime,
  useTableQueryState,
  type DataTableColumn,
} from '@/components/data-table';
import { useCustomData, type CustomDataTableRow } from '../api/get-custom-data';
import type { DateRange } from '../api/keys';
import { valueText } from '../model/fields';
import { DATA_COLLECTION_TEXTS as T } from '../texts';

const DAY_MS = 24 * 60 * 60 * 1000;

const lastDay = (): DateRange => {
  const now = Date.now();
  return { start_date: toApiDate(new Date(now - DAY_MS)), end_date: toApiDate(new Date(now)) };
};

interface CustomDataTableProps {
  configId: number;
  device: { id: number; name: string };
  endpoint: DataCollectEndpointAnswer;
}

/** What the device collected from the endpoint in the last 24 hours: one column per variable. */
export function CustomDataTable({ configId, device, endpoint }: CustomDataTableProps) {
  // Fixed when the device is picked, so paging reads the same day.
  const [range] = useState(lastDay);
  const state = useTableQueryState();
  const result = useCustomData(device.id, configId, range, state.query);
  const columns = useMemo<DataTableColumn<CustomDataTableRow>[]>(
    () => [
      {
        key: 'created_at',
        header: T.time,
        hideable: false,
        render: (row) => formatDateTime(row.created_at),
      },
      ...endpoint.variables.map((variable): DataTableColumn<CustomDataTableRow> => ({
        key: `variable.${variable.id}`,
        header: variable.id,
        render: (row) => valueText(row.data[endpoint.url]?.[variable.id]),
      })),
    ],
    [endpoint],
  );

  return (
    <DataTable
      label={T.customDataTable(device.name)}
      columns={columns}
      state={state}
      result={result}
      emptyMessage={T.noCustomData}
      searchable={false}
    />
  );
}
