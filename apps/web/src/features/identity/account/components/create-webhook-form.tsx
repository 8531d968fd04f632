import { Button, Group, MultiSelect, Stack, Switch, TextInput } from '@mantine/core';

import { Controller, useForm } from 'react-hook-form';
import {
  WEBHOOK_EVENTS,
  webhookBodySchema,
  webhookEventSchema,
  type WebhookBody,
  type WebhookEvent,
} from '@netfleet/contracts';
import { FormErrorAlert, useServerSubmit, zodResolver } from '@/components/form-errors';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_TEXTS } from '../texts';

const SERVER_FIELDS = ['url', 'events', 'enabled'] as const;
const EVENT_OPTIONS = WEBHOOK_EVENTS.map((event) => ({
  value: event,
  label: WEBHOOK_EVENT_LABELS[event],
}));

const isWebhookEvent = (value: string): value is WebhookEvent =>
  webhookEventSchema.safeParse(value).success;

interface CreateWebhookFormProps {
  pending: boolean;
  /** Resolves when created; rejects with the API failure. */
  onSubmit: (body: WebhookBody) => Promise<unknown>;
  onCancel: () => void;
}

export function CreateWebhookForm({ pending, onSubmit, onCancel }: CreateWebhookFormProps) {
  const { register, control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(webhookBodySchema),
    defaultValues: { url: '', events: [], enabled: true },
  });
  const { errors, wrap } = useServerSubmit(SERVER_FIELDS, setError);

  const submit = wrap(async (body: WebhookBody) => {
    await onSubmit(body);
  });

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
      <Stack gap="md">
        <TextInput
          type="url"
          label={WEBHOOK_TEXTS.url}
          placeholder={WEBHOOK_TEXTS.urlPlaceholder}
          required
          data-autofocus
          error={formState.errors.url?.message}
          {...register('url')}
        />
        <Controller
          name="events"
          control={control}
          render={({ field, fieldState }) => (
            <MultiSelect
              label={WEBHOOK_TEXTS.events}
              placeholder={WEBHOOK_TEXTS.eventsPlaceholder}
              required
              data={EVENT_OPTIONS}
              value={field.value}
              onChange={(values) => field.onChange(values.filter(isWebhookEvent))}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          name="enabled"
          control={control}
          render={({ field }) => (
            <Switch
              label={WEBHOOK_TEXTS.enabled}
              checked={field.value ?? true}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              onBlur={field.onBlur}
            />
          )}
        />
        <FormErrorAlert messages={errors} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {WEBHOOK_TEXTS.cancel}
          </Button>
          <Button type="submit" loading={pending}>
            {WEBHOOK_TEXTS.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
