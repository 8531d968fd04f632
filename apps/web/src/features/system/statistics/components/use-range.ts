import { useState } from 'react';
import {
  rangeQuery,
  type DateRange,
  type RangePreset,
  type RangeQuery,
} from '@/components/date-range';

/**
 * The chosen range (a preset or custom from/to) and its dates, fixed when chosen: computing "now"
 * on every render would give every render a new query key.
 */
export function useRange(initial: string, presets: readonly RangePreset[]) {
  const [state, setState] = useState<{ range: DateRange; query: RangeQuery }>(() => ({
    range: { preset: initial },
    query: rangeQuery({ preset: initial }, presets),
  }));
  const choose = (range: DateRange) => setState({ range, query: rangeQuery(range, presets) });
  return { range: state.range, query: state.query, choose };
}
