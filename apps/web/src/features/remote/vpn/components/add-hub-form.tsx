import { Group, Input, SegmentedControl, Stack } from '@mantine/core';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import {
  createVpnHubBodySchema,
  hasPermission,
  VPN_HUB_ZONE_LOCAL,
  type VpnHub,
} from '@netfleet/contracts';
import { fieldErrorProp, zodResolver } from '@/components/form-errors';
import { useFormSubmit } from '@/components/form-submit';
import { useCurrentUser } from '@/lib/current-user';
import { useHubZones } from '../api/get-host';
import { vpnKeys } from '../api/keys';
import { createHub } from '../api/save-hub';
import { formErrorMap } from '../model/form-error-map';
import { VPN_TEXTS as T } from '../texts';
import { FormFooter } from './form-footer';
import { HubCompanySelect } from './hub-company-select';
import { HubTagsSelect } from './hub-tags-select';
import { HubDescriptionInput, HubNameInput } from './hub-text-inputs';
import { ZoneSelect } from './zone-select';

type Input = z.input<typeof createVpnHubBodySchema>;
type Values = z.output<typeof createVpnHubBodySchema>;

const resolver = zodResolver(createVpnHubBodySchema, { error: formErrorMap });
const FIELDS = ['name', 'company_id', 'description', 'hub_zone', 'vpn_type', 'tag_id'] as const;
const formField = (source: string) => FIELDS.find((field) => field === source);

const TYPE_OPTIONS = [
  { value: 'tun', label: 'TUN' },
  { value: 'tap', label: 'TAP' },
];

export interface AddHubProps {
  /** Runs with the new hub (the list page opens it). */
  onCreated?: (hub: VpnHub) => void;
}

/** Spec dialog 'add hub': name, owner company, description, type, zone and tags. */
export function AddHubForm({ onCreated }: AddHubProps) {
  const me = useCurrentUser();
  const form = useForm<Input, unknown, Values>({
    resolver,
    defaultValues: {
      name: '',
      company_id: me.company_id,
      description: '',
      hub_zone: VPN_HUB_ZONE_LOCAL,
      vpn_type: 'tun',
      tag_id: [],
    },
  });
  const companyId = useWatch({ control: form.control, name: 'company_id' });
  const zones = useHubZones();
  const submitter = useFormSubmit<Values>({
    request: createHub,
    successMessage: T.hubCreated,
    actionStatus: false,
    invalidate: [vpnKeys.hubs()],
    fields: FIELDS,
    setFieldError: (source, message) => {
      const field = formField(source);
      if (field) form.setError(field, { type: 'server', message });
    },
    onSuccess: (response) => onCreated?.(response.data as VpnHub),
  });
  const { errors } = form.formState;

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(submitter.submit)(event)}>
      <Stack gap="md">
        <HubNameInput
          data-autofocus
          error={fieldErrorProp(errors.name)}
          {...form.register('name')}
        />
        <Controller
          control={form.control}
          name="company_id"
          render={({ field, fieldState }) => (
            <HubCompanySelect
              value={field.value}
              onChange={(id) => {
                field.onChange(id);
                // Tags belong to a company: another owner cannot keep the old ones.
                form.setValue('tag_id', []);
              }}
              error={fieldErrorProp(fieldState.error)}
            />
          )}
        />
        <HubDescriptionInput
          error={fieldErrorProp(errors.description)}
          {...form.register('description')}
        />
        <Group grow align="flex-start">
          <Controller
            control={form.control}
            name="vpn_type"
            render={({ field, fieldState }) => (
              <Input.Wrapper label={T.type} error={fieldErrorProp(fieldState.error)}>
                <SegmentedControl
                  fullWidth
                  aria-label={T.type}
                  data={TYPE_OPTIONS}
                  value={field.value}
                  onChange={field.onChange}
                />
              </Input.Wrapper>
            )}
          />
          <Controller
            control={form.control}
            name="hub_zone"
            render={({ field, fieldState }) => (
              <ZoneSelect
                zones={zones.data}
                value={field.value ?? VPN_HUB_ZONE_LOCAL}
                onChange={field.onChange}
                error={fieldErrorProp(fieldState.error)}
              />
            )}
          />
        </Group>
        {hasPermission(me.permissions, 'view_tags') && companyId !== undefined && (
          <Controller
            control={form.control}
            name="tag_id"
            render={({ field, fieldState }) => (
              <HubTagsSelect
                companyId={companyId}
                value={field.value ?? []}
                onChange={field.onChange}
                error={fieldErrorProp(fieldState.error)}
              />
            )}
          />
        )}
        <FormFooter
          errors={submitter.errors}
          submitLabel={T.addHub}
          loading={submitter.state === 'waiting'}
        />
      </Stack>
    </form>
  );
}
