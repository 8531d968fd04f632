import { Group } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import { DEVICE_ALERTS_TEXTS as T } from '../texts';
import { NumberField, SwitchField } from './form-inputs';

// RMS caps the interval at a year of minutes (alert_config_add_data / alert_config_update).
const INTERVAL_MAX = 525_600;

/** "Skip repeats" and its interval; the add and edit forms name both fields alike. */
export function RedundancyFields() {
  const enabled = useWatch<{ redundancy_enable: boolean }>({ name: 'redundancy_enable' });
  return (
    <Group align="flex-end">
      <SwitchField name="redundancy_enable" label={T.redundancy} description={T.redundancyHint} />
      {enabled && (
        <NumberField
          name="redundancy_interval"
          label={T.redundancyMinutes}
          min={0}
          max={INTERVAL_MAX}
          required
        />
      )}
    </Group>
  );
}
