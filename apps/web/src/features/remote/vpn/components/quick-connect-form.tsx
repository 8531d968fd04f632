import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef } from 'react';
import { Controller, FormProvider, useForm, useWatch } from 'react-hook-form';
import {
  hasPermission,
  VPN_HUB_NAME_MAX_LENGTH,
  VPN_HUB_ZONE_LOCAL,
  type VpnHub,
  type VpnProfile,
} from '@netfleet/contracts';
import { CompanySelect } from '@/components/company-select';
import { useDialog } from '@/components/dialogs';
import { fieldErrorProp, FormErrorAlert } from '@/components/form-errors';
import { useFormSubmit } from '@/components/form-submit';
import { useCurrentUser } from '@/lib/current-user';
import { vpnKeys } from '../api/keys';
import { createProfile } from '../api/quick-connect';
import { createQuickHub } from '../api/save-hub';
import { DEFAULT_PROFILE_LIFETIME, PROFILE_LIFETIMES } from '../model/durations';
import { formErrorMap } from '../model/form-error-map';
import {
  defaultLan,
  quickConnectFormSchema,
  type QuickConnectFormInput,
  type QuickConnectFormValues,
} from '../model/quick-connect-form';
import { VPN_TEXTS as T } from '../texts';
import { DevicePicker } from './device-picker';
import { LanRows } from './lan-rows';

const resolver = zodResolver(quickConnectFormSchema, { error: formErrorMap });
const FIELDS = ['company_id', 'hub_name', 'endpoint.device_id', 'endpoint.routes'] as const;
const formField = (source: string) => FIELDS.find((field) => field === source);

export interface QuickConnectProps {
  /** Runs with the quick hub and the caller's profile, null if it could not be made. */
  onCreated?: (hub: VpnHub, profile: VpnProfile | null) => void;
}

/** Spec dialog 'VPN (quick connect)': a hub to one device and its LANs, and a profile for me. */
export function QuickConnectForm({ onCreated }: QuickConnectProps) {
  const dialog = useDialog();
  const me = useCurrentUser();
  const form = useForm<QuickConnectFormInput, unknown, QuickConnectFormValues>({
    resolver,
    defaultValues: {
      company_id: me.company_id,
      hub_name: '',
      hub_zone: VPN_HUB_ZONE_LOCAL,
      endpoint: { device_id: undefined, routes: [defaultLan()] },
      expires_in: Number(DEFAULT_PROFILE_LIFETIME),
    },
  });
  const companyId = useWatch({ control: form.control, name: 'company_id' });
  const profile = useRef<VpnProfile | null>(null);
  const submitter = useFormSubmit<QuickConnectFormValues>({
    request: async ({ expires_in, ...body }) => {
      const created = await createQuickHub(body);
      // The hub stands without it: a failed profile is made again from the hub's clients tab.
      profile.current = await createProfile(created.data.id, { expires_in }).then(
        (answer) => answer.data,
        () => null,
      );
      return created;
    },
    successMessage: T.quickCreated,
    actionStatus: false,
    invalidate: [vpnKeys.hubs()],
    fields: FIELDS,
    setFieldError: (source, message) => {
      const field = formField(source);
      if (field) form.setError(field, { type: 'server', message });
    },
    onSuccess: (response) => onCreated?.(response.data as VpnHub, profile.current),
  });
  const { errors } = form.formState;

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void form.handleSubmit(submitter.submit)(event)}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {T.quickConnectHint}
          </Text>
          <Controller
            control={form.control}
            name="company_id"
            render={({ field, fieldState }) => (
              <CompanySelect
                label={T.company}
                required
                allowDeselect={false}
                searchable={hasPermission(me.permissions, 'view_companies')}
                value={field.value === undefined ? null : String(field.value)}
                fallback={{ value: String(me.company_id), label: me.company_name }}
                onChange={(id) => {
                  if (!id) return;
                  field.onChange(Number(id));
                  // The endpoint is one of the company's devices.
                  form.resetField('endpoint.device_id');
                }}
                error={fieldErrorProp(fieldState.error)}
              />
            )}
          />
          <Controller
            control={form.control}
            name="endpoint.device_id"
            render={({ field, fieldState }) => (
              <DevicePicker
                value={field.value}
                companyId={companyId}
                onChange={(device) => {
                  field.onChange(device ? Number(device.value) : undefined);
                  if (device && !form.getFieldState('hub_name').isDirty) {
                    form.setValue('hub_name', device.label.slice(0, VPN_HUB_NAME_MAX_LENGTH));
                  }
                }}
                error={fieldErrorProp(fieldState.error)}
              />
            )}
          />
          <TextInput
            label={T.hubName}
            required
            maxLength={VPN_HUB_NAME_MAX_LENGTH}
            error={fieldErrorProp(errors.hub_name)}
            {...form.register('hub_name')}
          />
          <LanRows />
          <Controller
            control={form.control}
            name="expires_in"
            render={({ field }) => (
              <Select
                label={T.lifetime}
                data={PROFILE_LIFETIMES}
                value={String(field.value)}
                allowDeselect={false}
                onChange={(next) => field.onChange(Number(next ?? DEFAULT_PROFILE_LIFETIME))}
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
              {T.connect}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
