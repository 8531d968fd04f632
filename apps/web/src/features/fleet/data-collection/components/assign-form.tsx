import { Button, Group, NumberInput, Stack, Switch } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  DATA_COLLECT_PERIOD_MAX,
  DATA_COLLECT_PERIOD_MIN,
  type DataCollectConfig,
} from '@netfleet/contracts';
import { DeviceIdsField } from '@/components/device-ids-field';
import { useDialog } from '@/components/dialogs';
import { fieldErrorProp, FormErrorAlert, zodResolver } from '@/components/form-errors';
import { useFormSubmit } from '@/components/form-submit';
import { formatUptime } from '@/lib/format';
import { assignDevices } from '../api/assign-devices';
import { type DevicePick, useDeviceSearch } from '../api/get-devices';
import { dataCollectionKeys } from '../api/keys';
import { assignErrorMap, assignFormSchema, type AssignFormValues } from '../model/assign-form';
import { DATA_COLLECTION_TEXTS as T } from '../texts';

const resolver = zodResolver(assignFormSchema, { error: assignErrorMap });

// The body names one config; its entry's fields are the form's ('configs.0.period').
const FIELDS = ['configs.device_id', 'configs.period', 'configs.enabled'] as const;
const formField = (field: string) => field.replace(/^configs\./, '') as keyof AssignFormValues;

/**
 * The devices to collect the config, at what period, on or off. The devices get a
 * `collect_config` job each, followed in the 'Action status' dialog.
 */
export function AssignForm({ config }: { config: DataCollectConfig }) {
  const dialog = useDialog();
  const [devices, setDevices] = useState<DevicePick[]>([]);
  const form = useForm<AssignFormValues>({
    resolver,
    defaultValues: { device_id: [], period: config.period, enabled: config.enabled },
  });
  const submitter = useFormSubmit<AssignFormValues>({
    request: (values) => assignDevices({ configs: [{ id: config.id, ...values }] }),
    successMessage: T.assigned,
    invalidate: [dataCollectionKeys.all],
    actionStatus: {
      title: T.jobTitle(config.config.name),
      itemLabels: Object.fromEntries(devices.map((device) => [String(device.id), device.name])),
    },
    fields: FIELDS,
    setFieldError: (field, message) => form.setError(formField(field), { type: 'server', message }),
  });

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(submitter.submit)(event)}>
      <Stack gap="md">
        <DeviceIdsField
          control={form.control}
          name="device_id"
          useSearch={useDeviceSearch}
          label={T.devices}
          placeholder={T.searchDevices}
          nothingFoundMessage={T.noDevicesFound}
          required
          data-autofocus
          value={devices}
          onChange={setDevices}
        />
        <Controller
          control={form.control}
          name="period"
          render={({ field, fieldState }) => (
            <NumberInput
              label={T.periodSeconds}
              required
              min={DATA_COLLECT_PERIOD_MIN}
              max={DATA_COLLECT_PERIOD_MAX}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              value={Number.isFinite(field.value) ? field.value : ''}
              onChange={(value) => field.onChange(typeof value === 'number' ? value : Number.NaN)}
              onBlur={field.onBlur}
              description={formatUptime(Number.isFinite(field.value) ? field.value : null)}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              error={fieldErrorProp(fieldState.error)}
            />
          )}
        />
        <Controller
          control={form.control}
          name="enabled"
          render={({ field }) => (
            <Switch
              label={T.enabled}
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
            />
          )}
        />
        <FormErrorAlert messages={submitter.errors} />
        <Group justify="flex-end">
          {dialog && (
            <Button variant="default" onClick={dialog.close}>
              {T.cancel}
            </Button>
          )}
          <Button type="submit" loading={submitter.state === 'waiting'}>
            {T.assign}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
