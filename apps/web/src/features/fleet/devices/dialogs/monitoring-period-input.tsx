import { Group, NativeSelect, NumberInput, Text } from '@mantine/core';
import type { MonitoringEntry } from '@netfleet/contracts';
import { DEVICE_TEXTS } from '../texts';

/** One parameter's choice: leave the devices' period alone, switch it off, or set seconds. */
export type PeriodChoice =
  { mode: 'keep' } | { mode: 'off' } | { mode: 'every'; seconds: number | '' };

const MODES = [
  { value: 'keep', label: DEVICE_TEXTS.keep },
  { value: 'off', label: DEVICE_TEXTS.off },
  { value: 'every', label: DEVICE_TEXTS.every },
];

interface MonitoringPeriodInputProps {
  entry: MonitoringEntry;
  value: PeriodChoice;
  error: string | undefined;
  onChange: (value: PeriodChoice) => void;
}

export function MonitoringPeriodInput({
  entry,
  value,
  error,
  onChange,
}: MonitoringPeriodInputProps) {
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <Text size="sm" w={130} pt={6}>
        {entry.label}
      </Text>
      <NativeSelect
        aria-label={`${entry.label} monitoring`}
        data={MODES}
        value={value.mode}
        onChange={(event) => {
          const mode = event.currentTarget.value;
          if (mode === 'every') onChange({ mode, seconds: entry.defaultPeriod });
          else onChange({ mode: mode === 'off' ? 'off' : 'keep' });
        }}
        w={150}
      />
      {value.mode === 'every' && (
        <NumberInput
          aria-label={DEVICE_TEXTS.periodSeconds(entry.label)}
          min={entry.min}
          max={entry.max}
          allowDecimal={false}
          allowNegative={false}
          value={value.seconds}
          onChange={(seconds) =>
            onChange({ mode: 'every', seconds: typeof seconds === 'number' ? seconds : '' })
          }
          error={error}
          rightSection={<Text size="xs">s</Text>}
          w={150}
        />
      )}
    </Group>
  );
}
