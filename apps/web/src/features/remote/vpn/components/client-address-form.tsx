import { SegmentedControl, Stack, TextInput } from '@mantine/core';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { setVpnClientAddressBodySchema, type VpnClient } from '@netfleet/contracts';
import { dialogs, type DialogOptions } from '@/components/dialogs';
import { fieldErrorProp, zodResolver } from '@/components/form-errors';
import { useFormSubmit } from '@/components/form-submit';
import { vpnKeys } from '../api/keys';
import { setClientAddress } from '../api/save-clients';
import { formErrorMap } from '../model/form-error-map';
import { VPN_TEXTS as T } from '../texts';
import { FormFooter } from './form-footer';

type Input = z.input<typeof setVpnClientAddressBodySchema>;
type Values = z.output<typeof setVpnClientAddressBodySchema>;

const resolver = zodResolver(setVpnClientAddressBodySchema, { error: formErrorMap });
// An emptied address input means 'take a free one'.
const emptyToUndefined = (value: string) => (value.trim() === '' ? undefined : value);
const FIELDS = ['mode', 'ip_address'] as const;
const MODES = [
  { value: 'static', label: T.staticAddress },
  { value: 'dhcp', label: T.dhcp },
];

type AddressTarget = Pick<VpnClient, 'id' | 'name' | 'mode' | 'static_ip' | 'vpn_hub_id'>;

/** A client's tunnel address: fixed (given, or the first free one) or any free one. */
function ClientAddressForm({ client }: { client: AddressTarget }) {
  const form = useForm<Input, unknown, Values>({
    resolver,
    defaultValues: { mode: client.mode, ip_address: client.static_ip ?? '' },
  });
  const mode = useWatch({ control: form.control, name: 'mode' });
  const submitter = useFormSubmit<Values>({
    request: (values) =>
      setClientAddress(client.id, values.mode === 'dhcp' ? { mode: 'dhcp' } : values),
    successMessage: T.addressSaved,
    actionStatus: false,
    invalidate: [vpnKeys.hub(client.vpn_hub_id)],
    fields: FIELDS,
    setFieldError: (source, message) => {
      const field = FIELDS.find((name) => name === source);
      if (field) form.setError(field, { type: 'server', message });
    },
  });
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(submitter.submit)(event)}>
      <Stack gap="md">
        <Controller
          control={form.control}
          name="mode"
          render={({ field }) => (
            <SegmentedControl
              aria-label={T.address}
              data={MODES}
              value={field.value}
              onChange={field.onChange}
            />
          )}
        />
        {mode === 'static' && (
          <TextInput
            label={T.staticIp}
            description={T.staticIpHint}
            data-autofocus
            error={fieldErrorProp(form.formState.errors.ip_address)}
            {...form.register('ip_address', { setValueAs: emptyToUndefined })}
          />
        )}
        <FormFooter
          errors={submitter.errors}
          submitLabel={T.save}
          loading={submitter.state === 'waiting'}
        />
      </Stack>
    </form>
  );
}

export function clientAddressDialog(client: AddressTarget): DialogOptions {
  return {
    id: 'vpn.client-address',
    title: T.addressTitle(client.name),
    size: 'sm',
    main: true,
    content: <ClientAddressForm client={client} />,
  };
}

export const openClientAddress = (client: AddressTarget) =>
  dialogs.open(clientAddressDialog(client));
