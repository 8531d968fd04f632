import { Group } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import { DEVICE_ALERTS_TEXTS as T } from '../texts';
import { NumberField, SwitchField } from './form-inputs';

// RMS's limits (alert_config_add_data): 100 retries, a week of minutes apart.
const RETRIES_MAX = 100;
const INTERVAL_MAX = 10_080;

/** Delivery retry of the alert's e-mail: off, one attempt; on, this many retries this far apart. */
export function DeliveryRetryFields() {
  const enabled = useWatch<{ delivery_retry: boolean }>({ name: 'delivery_retry' });
  return (
    <Group align="flex-end">
      <SwitchField
        name="delivery_retry"
        label={T.deliveryRetry}
        description={T.deliveryRetryHint}
      />
      {enabled && (
        <>
          <NumberField name="retry_count" label={T.retryCount} min={0} max={RETRIES_MAX} />
          <NumberField name="retry_interval" label={T.retryInterval} min={0} max={INTERVAL_MAX} />
        </>
      )}
    </Group>
  );
}
