import { Stack, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  createVpnHubZoneBodySchema,
  VPN_HUB_ZONE_HOST_MAX_LENGTH,
  VPN_HUB_ZONE_NAME_MAX_LENGTH,
  VPN_HUB_ZONE_VISUAL_NAME_MAX_LENGTH,
  type VpnHubZone,
} from '@netfleet/contracts';
import { dialogs, type DialogOptions } from '@/components/dialogs';
import { fieldErrorProp, zodResolver } from '@/components/form-errors';
import { useFormSubmit } from '@/components/form-submit';
import { vpnKeys } from '../api/keys';
import { createZone, updateZone } from '../api/zones';
import { formErrorMap } from '../model/form-error-map';
import { ZONE_TEXTS as T } from '../zone-texts';
import { DevicePicker } from './device-picker';
import { FormFooter } from './form-footer';

// The zone's map position is not edited here: the API keeps it (null for a new zone).
const schema = createVpnHubZoneBodySchema.pick({
  name: true,
  visual_name: true,
  device_id: true,
  host: true,
});
type Input = z.input<typeof schema>;
type Values = z.output<typeof schema>;

const resolver = zodResolver(schema, { error: formErrorMap });
const FIELDS = ['name', 'visual_name', 'device_id', 'host'] as const;
// An emptied visual name means 'show the name'.
const emptyToUndefined = (value: string) => (value.trim() === '' ? undefined : value);
// Every company's devices: a zone is shared by all.
const ANY_COMPANY = {};

/** The zone being edited, with its agent device's name; none for a new zone. */
export interface ZoneTarget {
  zone: VpnHubZone;
  deviceName: string | undefined;
}

function ZoneForm({ target }: { target?: ZoneTarget | undefined }) {
  const zone = target?.zone;
  const form = useForm<Input, unknown, Values>({
    resolver,
    defaultValues: {
      name: zone?.name ?? '',
      visual_name: zone?.visual_name,
      device_id: zone?.device_id ?? undefined,
      host: zone?.host ?? '',
    },
  });
  const submitter = useFormSubmit<Values>({
    request: (values) =>
      zone
        ? updateZone(zone.id, { ...values, visual_name: values.visual_name ?? values.name })
        : createZone({ ...values, latitude: null, longitude: null }),
    successMessage: zone ? T.updated : T.created,
    actionStatus: false,
    invalidate: [vpnKeys.zones()],
    fields: FIELDS,
    setFieldError: (source, message) => {
      const field = FIELDS.find((name) => name === source);
      if (field) form.setError(field, { type: 'server', message });
    },
  });
  const { errors } = form.formState;
  const known =
    zone && zone.device_id !== null
      ? { value: String(zone.device_id), label: target?.deviceName ?? `#${zone.device_id}` }
      : undefined;
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(submitter.submit)(event)}>
      <Stack gap="md">
        <TextInput
          label={T.name}
          description={T.nameHint}
          required
          data-autofocus
          maxLength={VPN_HUB_ZONE_NAME_MAX_LENGTH}
          error={fieldErrorProp(errors.name)}
          {...form.register('name')}
        />
        <TextInput
          label={T.visualName}
          description={T.visualNameHint}
          maxLength={VPN_HUB_ZONE_VISUAL_NAME_MAX_LENGTH}
          error={fieldErrorProp(errors.visual_name)}
          {...form.register('visual_name', { setValueAs: emptyToUndefined })}
        />
        <Controller
          control={form.control}
          name="device_id"
          render={({ field, fieldState }) => (
            <DevicePicker
              label={T.device}
              description={T.deviceHint}
              query={ANY_COMPANY}
              known={known}
              value={field.value}
              onChange={(device) => field.onChange(device ? Number(device.value) : undefined)}
              error={fieldErrorProp(fieldState.error)}
            />
          )}
        />
        <TextInput
          label={T.host}
          description={T.hostHint}
          required
          maxLength={VPN_HUB_ZONE_HOST_MAX_LENGTH}
          error={fieldErrorProp(errors.host)}
          {...form.register('host')}
        />
        <FormFooter
          errors={submitter.errors}
          submitLabel={zone ? T.save : T.add}
          loading={submitter.state === 'waiting'}
        />
      </Stack>
    </form>
  );
}

/** A zone hosted by a hub agent: added, or changed (a zone with hubs keeps its name). */
export function zoneDialog(target?: ZoneTarget): DialogOptions {
  return {
    id: 'vpn.zone',
    title: target ? T.editTitle : T.addTitle,
    ...(target ? { subtitle: target.zone.visual_name } : {}),
    size: 'md',
    main: true,
    content: <ZoneForm target={target} />,
  };
}

export const openZone = (target?: ZoneTarget) => dialogs.open(zoneDialog(target));
