import { Stack, Text } from '@mantine/core';
import { useRef } from 'react';
import { Controller, FormProvider, useForm, useWatch } from 'react-hook-form';
import {
  VPN_HUB_NAME_MAX_LENGTH,
  VPN_HUB_ZONE_LOCAL,
  type VpnHub,
  type VpnProfile,
} from '@netfleet/contracts';
import { fieldErrorProp, zodResolver } from '@/components/form-errors';
import { useFormSubmit } from '@/components/form-submit';
import { EmbeddedField } from '@/components/schema-form';
import { useCurrentUser } from '@/lib/current-user';
import { vpnKeys } from '../api/keys';
import { createProfile } from '../api/quick-connect';
import { createQuickHub } from '../api/save-hub';
import { DEFAULT_PROFILE_LIFETIME } from '../model/durations';
import { formErrorMap } from '../model/form-error-map';
import {
  emptyLan,
  QUICK_ROUTES_MAX,
  quickConnectFormSchema,
  type QuickConnectFormInput,
  type QuickConnectFormValues,
} from '../model/quick-connect-form';
import { routeTableField } from '../model/route-table';
import { VPN_TEXTS as T } from '../texts';
import { DevicePicker } from './device-picker';
import { FormFooter } from './form-footer';
import { HubCompanySelect } from './hub-company-select';
import { HubNameInput } from './hub-text-inputs';
import { LifetimeSelect } from './lifetime-select';

const resolver = zodResolver(quickConnectFormSchema, { error: formErrorMap });
const FIELDS = ['company_id', 'hub_name', 'endpoint.device_id', 'endpoint.routes'] as const;
const formField = (source: string) => FIELDS.find((field) => field === source);
// The LANs behind the device, routed through it; a row left empty routes nothing.
const LANS_FIELD = routeTableField({
  key: 'endpoint.routes',
  network: 'ip',
  required: false,
  maxRows: QUICK_ROUTES_MAX,
  label: T.lans,
  subtext: T.lansHint,
});

export interface QuickConnectProps {
  /** Runs with the quick hub and the caller's profile, null if it could not be made. */
  onCreated?: (hub: VpnHub, profile: VpnProfile | null) => void;
}

/** Spec dialog 'VPN (quick connect)': a hub to one device and its LANs, and a profile for me. */
export function QuickConnectForm({ onCreated }: QuickConnectProps) {
  const me = useCurrentUser();
  const form = useForm<QuickConnectFormInput, unknown, QuickConnectFormValues>({
    resolver,
    defaultValues: {
      company_id: me.company_id,
      hub_name: '',
      hub_zone: VPN_HUB_ZONE_LOCAL,
      endpoint: { device_id: undefined, routes: [emptyLan()] },
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
              <HubCompanySelect
                value={field.value}
                onChange={(id) => {
                  field.onChange(id);
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
                query={companyId === undefined ? undefined : { company_id: companyId }}
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
          <HubNameInput
            label={T.hubName}
            error={fieldErrorProp(errors.hub_name)}
            {...form.register('hub_name')}
          />
          <EmbeddedField field={LANS_FIELD} />
          <Controller
            control={form.control}
            name="expires_in"
            render={({ field }) => <LifetimeSelect value={field.value} onChange={field.onChange} />}
          />
          <FormFooter
            errors={submitter.errors}
            submitLabel={T.connect}
            loading={submitter.state === 'waiting'}
          />
        </Stack>
      </form>
    </FormProvider>
  );
}
