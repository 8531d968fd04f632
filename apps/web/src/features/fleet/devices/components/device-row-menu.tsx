import { RowMenu, type BulkAction, type DataTableColumn } from '@/components/data-table';
import type { DeviceRow } from '../api/get-devices';
import { DEVICE_TEXTS } from '../texts';

/**
 * A last column with each row's own menu: the same actions as the bulk bar, on that one device,
 * so a single device needs no ticking first. Pinned: the fleet table is wider than most screens.
 */
export function rowActionsColumn(
  actions: readonly BulkAction<DeviceRow>[],
): DataTableColumn<DeviceRow> {
  return {
    key: 'actions',
    header: DEVICE_TEXTS.columns.actions,
    hideable: false,
    csv: false,
    width: 70,
    pinned: 'right',
    render: (row) => (
      <RowMenu
        label={row.name || row.serial || String(row.id)}
        items={actions.map((action) => ({
          label: action.label,
          color: action.color,
          onClick: () => action.onClick([row]),
        }))}
      />
    ),
  };
}
