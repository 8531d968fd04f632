import { Select } from '@mantine/core';
import { REFRESH_OPTIONS } from '@netfleet/contracts';
import type { RefreshMs } from '../api/get-information';
import { DEVICE_TEXTS as T } from '../texts';

const OFF = 'off';

/** Spec §9 refresh options: the user chooses how often the charts reload (off by default). */
export function RefreshSelect({
  value,
  onChange,
}: {
  value: RefreshMs;
  onChange: (refresh: RefreshMs) => void;
}) {
  return (
    <Select
      label={T.refreshEvery}
      w={110}
      allowDeselect={false}
      data={[
        { value: OFF, label: T.refreshOff },
        ...REFRESH_OPTIONS.map((option) => ({
          value: String(option.seconds),
          label: option.label,
        })),
      ]}
      value={value === false ? OFF : String(value / 1000)}
      onChange={(next) => onChange(!next || next === OFF ? false : Number(next) * 1000)}
    />
  );
}
