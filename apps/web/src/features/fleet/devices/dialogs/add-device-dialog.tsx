import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { Controller, useForm, type UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';
import {
  applyMask,
  DEVICE_MESSAGES,
  DEVICE_SERIES,
  identityOf,
  newDeviceSchema,
  type CreatedDevice,
} from '@netfleet/contracts';
import { useDialog } from '@/components/dialogs';
import { FormErrorAlert, useServerSubmit, zodResolver } from '@/components/form-errors';
import { createDevice } from '../api/create-device';
import { devicesKeys } from '../api/keys';
import { RemoteSelect } from '../components/remote-select';
import { DEVICE_TEXTS } from '../texts';
import { ClaimSecret } from './claim-secret';

/** The contract's schema plus the identity its series requires (MAC, or IMEI for TRB). */
const addDeviceSchema = newDeviceSchema.superRefine((device, ctx) => {
  const identity = identityOf(device.device_series);
  if (device[identity]) return;
  ctx.addIssue({
    code: 'custom',
    path: [identity],
    message: identity === 'mac' ? DEVICE_MESSAGES.macRequired : DEVICE_MESSAGES.imeiRequired,
  });
});
type Input = z.input<typeof addDeviceSchema>;
type Output = z.output<typeof addDeviceSchema>;

const SERVER_FIELDS = ['company_id', 'device_series', 'serial', 'mac', 'imei', 'name'] as const;
const SERIES_OPTIONS = DEVICE_SERIES.map((series) => ({
  value: series,
  label: series.toUpperCase(),
}));
/** An empty optional input is no value, not an invalid one. */
const optional = { setValueAs: (value: string) => (value.trim() === '' ? undefined : value) };

/**
 * Spec §5 masks: a MAC is six pairs of hex digits, upper-cased, the colons put in while typing
 * (a pasted 001e42abcdef or 00-1e-42-ab-cd-ef becomes 00:1E:42:AB:CD:EF); an IMEI keeps at
 * most 15 digits (`#` also lets a space through: the contract then asks for 15 digits).
 */
const MAC_MASK = 'FF:FF:FF:FF:FF:FF';
const IMEI_MASK = '#'.repeat(15);

/** The identity input registered with its mask applied to every change. */
function maskedInput(register: UseFormRegister<Input>, name: 'mac' | 'imei', mask: string) {
  const field = register(name, optional);
  return {
    ...field,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      event.currentTarget.value = applyMask(mask, event.currentTarget.value);
      return field.onChange(event);
    },
  };
}

/** Adds one device (create_devices); on success shows its claim secret once. */
export function AddDeviceDialog({ companyId }: { companyId: number }) {
  const dialog = useDialog();
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<CreatedDevice | null>(null);
  const { register, control, handleSubmit, setError, watch, formState } = useForm<
    Input,
    unknown,
    Output
  >({
    resolver: zodResolver(addDeviceSchema),
    defaultValues: { company_id: companyId, device_series: 'rut' },
    // The identity input of the other series leaves the values when it is hidden.
    shouldUnregister: true,
  });
  const { errors, wrap } = useServerSubmit<Input>(SERVER_FIELDS, setError);
  const identity = identityOf(watch('device_series') ?? 'rut');

  if (created) return <ClaimSecret device={created} onClose={() => dialog?.close()} />;

  const submit = wrap(async (device: Output) => {
    setCreated(await createDevice(device));
    void queryClient.invalidateQueries({ queryKey: devicesKeys.lists() });
  });
  const fieldError = (name: keyof Input) => formState.errors[name]?.message;

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
      <Stack gap="md">
        <Controller
          name="company_id"
          control={control}
          render={({ field, fieldState }) => (
            <RemoteSelect
              source={{ endpoint: '/companies' }}
              label={DEVICE_TEXTS.company}
              required
              value={field.value ? String(field.value) : null}
              onChange={(value) => field.onChange(value ? Number(value) : undefined)}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          name="device_series"
          control={control}
          render={({ field, fieldState }) => (
            <Select
              label={DEVICE_TEXTS.series}
              required
              data={SERIES_OPTIONS}
              value={field.value ?? 'rut'}
              onChange={(value) => field.onChange(value ?? 'rut')}
              allowDeselect={false}
              error={fieldState.error?.message}
            />
          )}
        />
        <TextInput
          label={DEVICE_TEXTS.serial}
          required
          data-autofocus
          error={fieldError('serial')}
          {...register('serial')}
        />
        {identity === 'mac' ? (
          <TextInput
            key="mac"
            label={DEVICE_TEXTS.mac}
            required
            placeholder="00:1E:42:AB:CD:EF"
            error={fieldError('mac')}
            {...maskedInput(register, 'mac', MAC_MASK)}
          />
        ) : (
          <TextInput
            key="imei"
            label={DEVICE_TEXTS.imei}
            required
            inputMode="numeric"
            error={fieldError('imei')}
            {...maskedInput(register, 'imei', IMEI_MASK)}
          />
        )}
        <TextInput
          label={DEVICE_TEXTS.name}
          description={DEVICE_TEXTS.nameHint}
          error={fieldError('name')}
          {...register('name', optional)}
        />
        <FormErrorAlert messages={errors} />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => dialog?.close()}>
            {DEVICE_TEXTS.cancel}
          </Button>
          <Button type="submit" loading={formState.isSubmitting}>
            {DEVICE_TEXTS.add}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
