import { Stack } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { createVpnUserClientBodySchema } from '@netfleet/contracts';
import { fieldErrorProp, zodResolver } from '@/components/form-errors';
import { useFormSubmit } from '@/components/form-submit';
import { PICKER_LIMIT } from '../api/get-options';
import { vpnKeys } from '../api/keys';
import { addUserClient } from '../api/save-clients';
import { formErrorMap } from '../model/form-error-map';
import { VPN_TEXTS as T } from '../texts';
import { ClientsPicker } from './clients-picker';
import { FormFooter } from './form-footer';

// The API takes one user a request: the form picks several and sends each.
const schema = z.object({
  user_id: z.array(createVpnUserClientBodySchema.shape.user_id).min(1).max(PICKER_LIMIT),
});
type Values = z.output<typeof schema>;

const resolver = zodResolver(schema, { error: formErrorMap });
const FIELDS = ['user_id'] as const;

/** Console users join the hub; each then downloads a profile from its Config. */
export function AddUserClientsForm({ hubId }: { hubId: number }) {
  const form = useForm<Values>({ resolver, defaultValues: { user_id: [] } });
  const submitter = useFormSubmit<Values>({
    request: async (values) => {
      let last;
      for (const userId of values.user_id) {
        last = await addUserClient({ vpn_hub_id: hubId, user_id: userId });
      }
      if (!last) throw new Error(T.required);
      return last;
    },
    successMessage: T.clientsAdded,
    actionStatus: false,
    invalidate: [vpnKeys.hub(hubId), vpnKeys.hubs()],
    fields: FIELDS,
    setFieldError: (source, message) => {
      if (source === 'user_id') form.setError('user_id', { type: 'server', message });
    },
  });
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(submitter.submit)(event)}>
      <Stack gap="md">
        <Controller
          control={form.control}
          name="user_id"
          render={({ field, fieldState }) => (
            <ClientsPicker
              source={{ endpoint: '/users', labelField: 'email' }}
              label={T.usersToAdd}
              placeholder={T.searchUsers}
              nothingFoundMessage={T.noUsers}
              value={field.value}
              onChange={field.onChange}
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
