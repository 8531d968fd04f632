import { Group, NativeSelect, Pagination, Text } from '@mantine/core';
import { LIST_EXACT_COUNT_LIMIT } from '@netfleet/contracts';
import { formatNumber } from '@/lib/format';
import { DATA_TABLE_TEXTS as T } from './texts';
import { PAGE_SIZE_OPTIONS } from './use-table-query-state';

interface DataTablePaginationProps {
  total: number;
  /** The total is the server's estimate past its exact-count limit: shown as "10,000+". */
  estimated?: boolean;
  limit: number;
  offset: number;
  page: number;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
}

export function DataTablePagination({
  total,
  estimated = false,
  limit,
  offset,
  page,
  onPage,
  onLimit,
}: DataTablePaginationProps) {
  const first = total === 0 ? 0 : offset + 1;
  const last = Math.min(offset + limit, total);
  // Only the lower bound is certain; the pages still follow the estimate so the user can go on.
  const of = estimated ? `${formatNumber(LIST_EXACT_COUNT_LIMIT)}+` : total;
  return (
    <Group justify="space-between" gap="sm">
      <Group gap="sm">
        <Text size="sm" c="dimmed">
          {T.showing(first, last, of)}
        </Text>
        <NativeSelect
          size="xs"
          aria-label={T.rowsPerPage}
          value={String(limit)}
          data={PAGE_SIZE_OPTIONS.map(String)}
          onChange={(event) => onLimit(Number(event.currentTarget.value))}
        />
      </Group>
      <Pagination
        size="sm"
        total={Math.max(1, Math.ceil(total / limit))}
        value={page}
        onChange={onPage}
        getItemProps={(item) => ({ 'aria-label': T.page(item) })}
        getControlProps={(control) => ({ 'aria-label': T.pageControls[control] })}
      />
    </Group>
  );
}
