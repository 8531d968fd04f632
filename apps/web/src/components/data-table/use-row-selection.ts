import { useCallback, useMemo, useState, type Key } from 'react';
import type { RowSelection } from './data-table-body';
import type { HeaderSelection } from './data-table-header';
import type { TableRow } from './types';

interface Selected {
  /** The query the selection was made on; another page or filter starts empty. */
  scope: string;
  ids: ReadonlySet<Key>;
}

const NONE: ReadonlySet<Key> = new Set();

/**
 * Rows ticked on the current page. Only rows still on the page count, so a refetch that drops a
 * row (after a bulk delete) also drops it from the selection.
 */
export function useRowSelection<T extends TableRow>(rows: readonly T[], scope: string) {
  const [selected, setSelected] = useState<Selected>({ scope, ids: NONE });
  const ids = selected.scope === scope ? selected.ids : NONE;
  const selectedRows = useMemo(() => rows.filter((row) => ids.has(row.id)), [rows, ids]);

  // Stable per query: rows are memoised on it, and ticking one must not re-render the others.
  const onToggle = useCallback(
    (target: TableRow, checked: boolean) =>
      setSelected((previous) => {
        const next = new Set(previous.scope === scope ? previous.ids : NONE);
        if (checked) next.add(target.id);
        else next.delete(target.id);
        return { scope, ids: next };
      }),
    [scope],
  );
  const row: RowSelection = { ids, onToggle };
  const header: HeaderSelection = {
    all: rows.length > 0 && selectedRows.length === rows.length,
    some: selectedRows.length > 0,
    disabled: rows.length === 0,
    onToggleAll: (checked) =>
      setSelected({ scope, ids: checked ? new Set(rows.map((r) => r.id)) : NONE }),
  };
  const clear = () => setSelected({ scope, ids: NONE });
  return { selectedRows, row, header, clear };
}
