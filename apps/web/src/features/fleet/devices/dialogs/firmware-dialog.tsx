import { Text } from '@mantine/core';
import { useState } from 'react';
import type { DeviceRef } from '../api/bulk-outcome';
import { updateFirmware } from '../api/device-actions';
import { RemoteSelect } from '../components/remote-select';
import { DEVICE_TEXTS } from '../texts';
import { BulkForm } from './bulk-form';
import { useBulkSubmit } from './use-bulk-submit';

const FIRMWARE_FILES = { endpoint: '/files', query: { type: 'firmware' } } as const;

/** POST /devices/updates/set: one uploaded firmware file for every chosen device (async). */
export function FirmwareDialog({ devices }: { devices: readonly DeviceRef[] }) {
  const [fileId, setFileId] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const { pending, error, submit } = useBulkSubmit(DEVICE_TEXTS.done.firmware);
  return (
    <BulkForm
      pending={pending}
      error={error}
      onSubmit={() => {
        if (!fileId) setMissing(true);
        else void submit(() => updateFirmware(devices, Number(fileId)));
      }}
    >
      <Text size="sm">{DEVICE_TEXTS.selected(devices.length)}</Text>
      <RemoteSelect
        source={FIRMWARE_FILES}
        label={DEVICE_TEXTS.firmwareFile}
        required
        value={fileId}
        onChange={(value) => {
          setFileId(value);
          setMissing(false);
        }}
        error={missing ? DEVICE_TEXTS.fileRequired : undefined}
        data-autofocus
      />
    </BulkForm>
  );
}
