import { Text } from '@mantine/core';
import { useState } from 'react';
import { FIRMWARE_FILE_TYPES } from '@netfleet/contracts';
import type { DeviceRef } from '../api/bulk-outcome';
import { updateFirmware, uploadBackup } from '../api/device-actions';
import type { PickerRow } from '../api/get-options';
import { RemoteSelect } from '../components/remote-select';
import { DEVICE_TEXTS } from '../texts';
import { BulkForm } from './bulk-form';
import { useBulkSubmit } from './use-bulk-submit';

const firmwareLabel = (row: PickerRow) =>
  row.type === 'global_firmware' ? DEVICE_TEXTS.globalFile(row.name) : row.name;

/** What a file-sending dialog sends: a firmware update (own or global firmware), or a backup. */
const KINDS = {
  firmware: {
    source: { endpoint: '/files', query: { type: FIRMWARE_FILE_TYPES }, label: firmwareLabel },
    label: DEVICE_TEXTS.firmwareFile,
    required: DEVICE_TEXTS.fileRequired,
    hint: null,
    done: DEVICE_TEXTS.done.firmware,
    send: updateFirmware,
  },
  backup: {
    source: { endpoint: '/files', query: { type: 'config' } },
    label: DEVICE_TEXTS.backupFile,
    required: DEVICE_TEXTS.backupRequired,
    hint: DEVICE_TEXTS.uploadBackupHint,
    done: DEVICE_TEXTS.done.uploadBackup,
    send: uploadBackup,
  },
} as const;

/** POST /devices/updates/set: one uploaded file for every chosen device (async). */
function FileUpdateDialog({
  devices,
  kind,
}: {
  devices: readonly DeviceRef[];
  kind: keyof typeof KINDS;
}) {
  const spec = KINDS[kind];
  const [fileId, setFileId] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const { pending, error, submit } = useBulkSubmit(spec.done);
  return (
    <BulkForm
      pending={pending}
      error={error}
      onSubmit={() => {
        if (!fileId) setMissing(true);
        else void submit(() => spec.send(devices, Number(fileId)));
      }}
    >
      <Text size="sm">{DEVICE_TEXTS.selected(devices.length)}</Text>
      {spec.hint && (
        <Text size="sm" c="dimmed">
          {spec.hint}
        </Text>
      )}
      <RemoteSelect
        source={spec.source}
        label={spec.label}
        required
        value={fileId}
        onChange={(value) => {
          setFileId(value);
          setMissing(false);
        }}
        error={missing ? spec.required : undefined}
        data-autofocus
      />
    </BulkForm>
  );
}

export const FirmwareDialog = ({ devices }: { devices: readonly DeviceRef[] }) => (
  <FileUpdateDialog devices={devices} kind="firmware" />
);

export const UploadBackupDialog = ({ devices }: { devices: readonly DeviceRef[] }) => (
  <FileUpdateDialog devices={devices} kind="backup" />
);
