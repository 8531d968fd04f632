import { Text } from '@mantine/core';
import { useState } from 'react';
import type { DeviceRef } from '../api/bulk-outcome';
import { moveDevices } from '../api/device-actions';
import { RemoteSelect } from '../components/remote-select';
import { DEVICE_TEXTS } from '../texts';
import { BulkForm } from './bulk-form';
import { useBulkSubmit } from './use-bulk-submit';

/** POST /devices/move: the chosen devices into another company the user can see. */
export function MoveDevicesDialog({ devices }: { devices: readonly DeviceRef[] }) {
  const [companyId, setCompanyId] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const { pending, error, submit } = useBulkSubmit(DEVICE_TEXTS.done.move);
  return (
    <BulkForm
      pending={pending}
      error={error}
      onSubmit={() => {
        if (!companyId) setMissing(true);
        else void submit(() => moveDevices(devices, Number(companyId)));
      }}
    >
      <Text size="sm">{DEVICE_TEXTS.selected(devices.length)}</Text>
      <RemoteSelect
        source={{ endpoint: '/companies' }}
        label={DEVICE_TEXTS.company}
        required
        value={companyId}
        onChange={(value) => {
          setCompanyId(value);
          setMissing(false);
        }}
        error={missing ? DEVICE_TEXTS.companyRequired : undefined}
        data-autofocus
      />
    </BulkForm>
  );
}
