import { Group, Select } from '@mantine/core';
import { RangePicker, type DateRange } from '@/components/date-range';
import { HISTORY_PRESETS, MAX_RANGE_MS } from '../model/history-range';
import { SESSION_TYPE_OPTIONS } from '../model/session-types';
import { ACCESS_HISTORY_TEXTS as T } from '../texts';

const STATE_OPTIONS = [
  { value: 'true', label: T.activeOnly },
  { value: 'false', label: T.endedOnly },
];

interface HistoryFiltersProps {
  range: DateRange;
  onRange: (range: DateRange) => void;
  filters: Readonly<Record<string, string>>;
  onFilter: (key: string, value: string | null) => void;
}

/** The period (required by the API), the session type, and active or ended sessions. */
export function HistoryFilters({ range, onRange, filters, onFilter }: HistoryFiltersProps) {
  return (
    <Group align="flex-end" gap="sm">
      <RangePicker
        label={T.period}
        presets={HISTORY_PRESETS}
        value={range}
        onChange={onRange}
        maxMs={MAX_RANGE_MS}
      />
      <Select
        aria-label={T.typeFilter}
        placeholder={T.allTypes}
        data={SESSION_TYPE_OPTIONS}
        value={filters.type ?? null}
        onChange={(value) => onFilter('type', value)}
        clearable
        w={160}
      />
      <Select
        aria-label={T.stateFilter}
        placeholder={T.allStates}
        data={STATE_OPTIONS}
        value={filters.active ?? null}
        onChange={(value) => onFilter('active', value)}
        clearable
        w={180}
      />
    </Group>
  );
}
