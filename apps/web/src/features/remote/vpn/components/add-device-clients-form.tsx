import { Stack } from '@mantine/core';
import { useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { vpnHubDevicesBodySchema } from '@netfleet/contracts';
import { fieldErrorProp, zodResolver } from '@/components/form-errors';
import { useFormSubmit } from '@/components/form-submit';
import { vpnKeys } from '../api/keys';
import { addDeviceClients } from '../api/save-clients';
import { formErrorMap } from '../model/form-error-map';
import { VPN_TEXTS as T } from '../texts';
import { ClientsPicker } from './clients-picker';
import { FormFooter } from './form-footer';

type Input = z.input<typeof vpnHubDevicesBodySchema>;
type Values = z.output<typeof vpnHubDevicesBodySchema>;

const resolver = zodResolver(vpnHubDevicesBodySchema, { error: formErrorMap });
// The API also takes a single id; the picker always holds a list.
const asList = (value: Input['device_id']) => (Array.isArray(value) ? value : [value]);
const FIELDS = ['device_id'] as const;

/** Devices join the hub (each is sent its profile); a 207 names the ones that could not. */
export function AddDeviceClientsForm({ hubId }: { hubId: number }) {
  const form = useForm<Input, unknown, Values>({ resolver, defaultValues: { device_id: [] } });
  // A refused device is named in the warning by the name it was picked by.
  const names = useRef(new Map<string, string>());
  const submitter = useFormSubmit<Values>({
    request: (values) => addDeviceClients(hubId, values.device_id),
    successMessage: T.clientsAdded,
    actionStatus: false,
    invalidate: [vpnKeys.hub(hubId), vpnKeys.hubs()],
    describeSource: (source) => names.current.get(source.replace(/^device_id\./, '')) ?? source,
    fields: FIELDS,
    setFieldError: (source, message) => {
      if (source === 'device_id') form.setError('device_id', { type: 'server', message });
    },
  });
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(submitter.submit)(event)}>
      <Stack gap="md">
        <Controller
          control={form.control}
          name="device_id"
          render={({ field, fieldState }) => (
            <ClientsPicker
              source={{ endpoint: '/devices', labelField: 'name' }}
              label={T.devicesToAdd}
              placeholder={T.searchDevices}
              nothingFoundMessage={T.noDevices}
              value={asList(field.value)}
              onChange={field.onChange}
              onOptionsChosen={(options) => {
                for (const option of options) names.current.set(option.value, option.label);
              }}
              error={fieldErrorProp(fieldState.error)}
            />
          )}
        />
        <FormFooter
          errors={submitter.errors}
          submitLabel={T.addClients}
          loading={submitter.state === 'waiting'}
        />
      </Stack>
    </form>
  );
}
