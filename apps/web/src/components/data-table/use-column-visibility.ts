import { useMemo } from 'react';
import { useFailureToast } from '@/components/toasts';
import { useUserStorage } from '@/lib/storage/use-user-storage';
import { DATA_TABLE_TEXTS as T } from './texts';
import type { DataTableColumn } from './types';

type Choices = Readonly<Record<string, boolean>>;

/** The per-user storage key holding a table's column choices. */
export const columnsStorageKey = (tableId: string) => `table.${tableId}.columns`;

/** Stored as `{"<column key>": shown}`: only the user's own choices, so new columns keep their default. */
function parseChoices(value: string | undefined): Choices {
  if (!value) return {};
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, boolean] => typeof entry[1] === 'boolean',
      ),
    );
  } catch {
    return {};
  }
}

const isHideable = <T>(column: DataTableColumn<T>) => column.hideable !== false;

/** Which columns show; without a `tableId` the choice is not kept and the chooser is off. */
export function useColumnVisibility<T>(
  tableId: string | undefined,
  columns: readonly DataTableColumn<T>[],
) {
  const storage = useUserStorage(tableId ? columnsStorageKey(tableId) : '');
  const failureToast = useFailureToast();
  const choices = useMemo(
    () => parseChoices(tableId ? storage.value : undefined),
    [tableId, storage.value],
  );

  const visibleColumns = useMemo(
    () =>
      columns.filter(
        (column) => !isHideable(column) || (choices[column.key] ?? !column.defaultHidden),
      ),
    [columns, choices],
  );

  const setVisible = (key: string, visible: boolean) => {
    storage
      .set(JSON.stringify({ ...choices, [key]: visible }))
      .catch(failureToast(T.saveColumnsFailed));
  };

  return {
    enabled: Boolean(tableId),
    hideableColumns: columns.filter(isHideable),
    visibleColumns,
    setVisible,
  };
}
