import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { vpnHubSettingsBodySchema, type VpnHub } from '@netfleet/contracts';
import { fieldErrorProp, FormErrorAlert, zodResolver } from '@/components/form-errors';
import { useFormSubmit } from '@/components/form-submit';
import { vpnKeys } from '../api/keys';
import { changeHubSettings } from '../api/save-hub';
import { formErrorMap } from '../model/form-error-map';
import { VPN_TEXTS as T } from '../texts';

// The subnet is what the console edits; port, protocol and type keep what the hub has.
const subnetSchema = vpnHubSettingsBodySchema.pick({ ip: true, netmask: true }).required();
type Input = z.input<typeof subnetSchema>;
type Values = z.output<typeof subnetSchema>;

const resolver = zodResolver(subnetSchema, { error: formErrorMap });
const FIELDS = ['ip', 'netmask'] as const;

/** The hub's tunnel subnet (PUT /vpn/hubs/{id}/settings); the server checks overlaps and room. */
export function HubSettingsForm({ hub }: { hub: VpnHub }) {
  const form = useForm<Input, unknown, Values>({
    resolver,
    defaultValues: { ip: hub.ip, netmask: hub.netmask },
  });
  const submitter = useFormSubmit<Values>({
    request: (values) => changeHubSettings(hub.id, values),
    successMessage: T.settingsSaved,
    actionStatus: false,
    invalidate: [vpnKeys.hubs()],
    fields: FIELDS,
    setFieldError: (source, message) => {
      const field = FIELDS.find((name) => name === source);
      if (field) form.setError(field, { type: 'server', message });
    },
  });
  const { errors, isDirty } = form.formState;
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(submitter.submit)(event)}>
      <Stack gap="sm">
        <Title order={4}>{T.settings}</Title>
        <Text size="sm" c="dimmed">
          {T.settingsHint}
        </Text>
        <Group align="flex-start" grow maw={520}>
          <TextInput
            label={T.subnetAddress}
            required
            error={fieldErrorProp(errors.ip)}
            {...form.register('ip')}
          />
          <TextInput
            label={T.netmask}
            required
            error={fieldErrorProp(errors.netmask)}
            {...form.register('netmask')}
          />
        </Group>
        <FormErrorAlert messages={submitter.errors} />
        <Group>
          <Button type="submit" disabled={!isDirty} loading={submitter.state === 'waiting'}>
            {T.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
