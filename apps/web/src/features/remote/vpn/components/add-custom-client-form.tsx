import { Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { createVpnCustomClientBodySchema } from '@netfleet/contracts';
import { fieldErrorProp, zodResolver } from '@/components/form-errors';
import { useFormSubmit } from '@/components/form-submit';
import { vpnKeys } from '../api/keys';
import { addCustomClient } from '../api/save-clients';
import { formErrorMap } from '../model/form-error-map';
import { VPN_TEXTS as T } from '../texts';
import { FormFooter } from './form-footer';
import { UsernameInput } from './username-input';

type Input = z.input<typeof createVpnCustomClientBodySchema>;
type Values = z.output<typeof createVpnCustomClientBodySchema>;

const resolver = zodResolver(createVpnCustomClientBodySchema, { error: formErrorMap });
const FIELDS = ['username'] as const;

/** A named user with a certificate of its own, for someone without a console account. */
export function AddCustomClientForm({ hubId }: { hubId: number }) {
  const form = useForm<Input, unknown, Values>({
    resolver,
    defaultValues: { vpn_hub_id: hubId, username: '' },
  });
  const submitter = useFormSubmit<Values>({
    request: addCustomClient,
    successMessage: T.clientsAdded,
    actionStatus: false,
    invalidate: [vpnKeys.hub(hubId), vpnKeys.hubs()],
    fields: FIELDS,
    setFieldError: (source, message) => {
      if (source === 'username') form.setError('username', { type: 'server', message });
    },
  });
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(submitter.submit)(event)}>
      <Stack gap="md">
        <UsernameInput
          error={fieldErrorProp(form.formState.errors.username)}
          {...form.register('username')}
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
