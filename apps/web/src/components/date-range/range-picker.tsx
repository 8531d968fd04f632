import { Button, Group, Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  customRangeErrors,
  rangeQuery,
  type DateRange,
  type RangeErrors,
  type RangePreset,
} from './date-range';
import { DATE_RANGE_TEXTS as T } from './texts';
import { fromZonedInput, toZonedInput } from './zoned-input';

const CUSTOM = 'custom';

interface RangePickerProps {
  presets: readonly RangePreset[];
  value: DateRange;
  onChange: (range: DateRange) => void;
  /** The longest custom range the view accepts. */
  maxMs?: number;
  label?: string;
}

/** The inputs' starting values: the custom range shown, else the preset's dates as of now. */
function startInputs(value: DateRange, presets: readonly RangePreset[]) {
  const { start_date: from, end_date: to } = rangeQuery(value, presets);
  return { from: toZonedInput(from), to: toZonedInput(to) };
}

/**
 * A preset period, or a custom from/to (datetime inputs in the chosen time zone) applied on demand: the
 * start before the end, neither in the future, the span within `maxMs`.
 */
export function RangePicker({
  presets,
  value,
  onChange,
  maxMs,
  label = T.period,
}: RangePickerProps) {
  const [custom, setCustom] = useState('from' in value);
  const [inputs, setInputs] = useState(() => startInputs(value, presets));
  const [errors, setErrors] = useState<RangeErrors>({});
  const apply = () => {
    const from = fromZonedInput(inputs.from);
    const to = fromZonedInput(inputs.to);
    const found = customRangeErrors(from, to, { maxMs });
    setErrors(found);
    if (from && to && !found.from && !found.to) onChange({ from, to });
  };
  const edit = (key: 'from' | 'to', next: string) => {
    setInputs((current) => ({ ...current, [key]: next }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };
  // Nothing later than now can be picked in the browser's own calendar either.
  const latest = toZonedInput(Date.now());
  return (
    <Group align="flex-start" gap="xs">
      <Select
        label={label}
        w={180}
        allowDeselect={false}
        data={[
          ...presets.map(({ value: v, label: text }) => ({ value: v, label: text })),
          { value: CUSTOM, label: T.custom },
        ]}
        value={custom ? CUSTOM : 'preset' in value ? value.preset : null}
        onChange={(next) => {
          if (!next) return;
          setCustom(next === CUSTOM);
          setErrors({});
          // Custom starts from the dates shown so far, to be narrowed or moved.
          if (next === CUSTOM) setInputs(startInputs(value, presets));
          else onChange({ preset: next });
        }}
      />
      {custom && (
        <>
          <TextInput
            type="datetime-local"
            label={T.from}
            value={inputs.from}
            max={latest}
            onChange={(event) => edit('from', event.currentTarget.value)}
            error={errors.from}
          />
          <TextInput
            type="datetime-local"
            label={T.to}
            value={inputs.to}
            max={latest}
            onChange={(event) => edit('to', event.currentTarget.value)}
            error={errors.to}
          />
          {/* Lined up with the inputs, below their labels. */}
          <Button variant="default" mt={25} onClick={apply}>
            {T.apply}
          </Button>
        </>
      )}
    </Group>
  );
}
