import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { FileInfo } from '@netfleet/contracts';
import { confirmDialog, useDialog } from '@/components/dialogs';
import { FormErrorAlert, zodResolver } from '@/components/form-errors';
import { useFormSubmit } from '@/components/form-submit';
import { DeviceIdsField } from '@/components/device-ids-field';
import { type DevicePick, useDeviceSearch } from '../api/get-devices';
import { deviceUpdatesKeys } from '../api/keys';
import { setUpdates } from '../api/set-updates';
import { misfitsOf } from '../model/device-fit';
import { failuresOf, nameDevices, partialErrorsOf } from '../model/device-outcome';
import {
  UPDATE_FORM_DEFAULTS,
  updateFormSchema,
  updateItems,
  type UpdateFormValues,
} from '../model/update-form';
import type { UpdateKind } from '../model/update-kinds';
import { KIND_TEXTS, UPDATE_TEXTS as T } from '../texts';
import { showOutcome } from './device-outcome';
import { MisfitsAlert } from './misfits-alert';

const resolver = zodResolver(updateFormSchema);

/** What the file is for, and for a restore what it does to the devices. */
function FileSummary({ kind, file }: { kind: UpdateKind; file: FileInfo }) {
  if (kind === 'firmware') {
    return <Text size="sm">{T.firmwareFor(file.device_model ?? T.anyModel)}</Text>;
  }
  return (
    <Stack gap={4}>
      {file.device_model && <Text size="sm">{T.backupOf(file.device_model)}</Text>}
      <Text size="sm" c="dimmed">
        {T.restoreHint}
      </Text>
    </Stack>
  );
}

function confirmText(kind: UpdateKind, file: FileInfo, values: UpdateFormValues, misfits: number) {
  const devices = values.device_id.length;
  const text =
    kind === 'firmware'
      ? T.updateConfirm(file.name, devices, values.keep_settings, values.offline)
      : T.restoreConfirm(file.name, devices);
  return misfits > 0 ? `${text} ${T.misfitsConfirm(misfits)}` : text;
}

/**
 * The devices to send the file to, warning about those of another model; asks to confirm, then
 * the 'Action status' dialog follows each device's download and install.
 */
export function UpdateForm({ kind, file }: { kind: UpdateKind; file: FileInfo }) {
  const dialog = useDialog();
  const texts = KIND_TEXTS[kind];
  const [devices, setDevices] = useState<DevicePick[]>([]);
  const form = useForm<UpdateFormValues>({ resolver, defaultValues: UPDATE_FORM_DEFAULTS });
  const misfits = misfitsOf(kind, file, devices);
  const names = new Map(devices.map((device) => [device.id, device.name]));
  const submitter = useFormSubmit<UpdateFormValues>({
    request: async (values) => {
      try {
        return await setUpdates(updateItems(kind, file.id, values), {
          title: texts.statusTitle,
          itemLabels: Object.fromEntries(devices.map((device) => [device.id, device.name])),
        });
      } catch (error) {
        throw nameDevices(error, names);
      }
    },
    // onSuccess reports the outcome: devices a 207 left out are listed by name in a dialog. The
    // api client has opened the 'Action status' dialog already (setUpdates asks it to).
    successMessage: false,
    actionStatus: false,
    invalidate: [deviceUpdatesKeys.pendingAll()],
    onSuccess: (response) =>
      showOutcome(devices.length, failuresOf(partialErrorsOf(response), names), texts.started),
    fields: ['device_id'],
    setFieldError: (_field, message) => form.setError('device_id', { type: 'server', message }),
  });

  const send = async (values: UpdateFormValues) => {
    const confirmed = await confirmDialog({
      title: texts.confirmTitle,
      message: confirmText(kind, file, values, misfits.length),
      confirmText: texts.submit,
    });
    if (confirmed) await submitter.submit(values);
  };

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(send)(event)}>
      <Stack gap="md">
        <FileSummary kind={kind} file={file} />
        <DeviceIdsField
          control={form.control}
          name="device_id"
          useSearch={useDeviceSearch}
          label={T.devices}
          placeholder={T.searchDevices}
          nothingFoundMessage={T.noDevices}
          required
          data-autofocus
          value={devices}
          onChange={setDevices}
        />
        <MisfitsAlert title={texts.misfitsTitle} misfits={misfits} />
        {kind === 'firmware' && (
          <>
            <Checkbox
              label={T.keepSettings}
              description={T.keepSettingsHint}
              {...form.register('keep_settings')}
            />
            <Checkbox label={T.offline} description={T.offlineHint} {...form.register('offline')} />
          </>
        )}
        <FormErrorAlert messages={submitter.errors} />
        <Group justify="flex-end">
          {dialog && (
            <Button variant="default" onClick={dialog.close}>
              {T.cancel}
            </Button>
          )}
          <Button type="submit" loading={submitter.state === 'waiting'}>
            {texts.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
