import { Button, Group, Paper, Select, Stack, Switch, Text, Textarea } from '@mantine/core';

import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  NOTICE_MESSAGE_MAX_LENGTH,
  NOTICE_TYPES,
  noticeBodySchema,
  noticeTypeSchema,
  type NoticeBody,
} from '@netfleet/contracts';
import { FormErrorAlert, useServerSubmit, zodResolver } from '@/components/form-errors';
import { RichText } from '@/components/rich-text';
import { NOTICE_TYPE_LABELS, NOTICES_TEXTS } from '../texts';

const SERVER_FIELDS = ['type', 'message', 'enabled'] as const;
const TYPE_OPTIONS = NOTICE_TYPES.map((type) => ({ value: type, label: NOTICE_TYPE_LABELS[type] }));

interface NoticeFormProps {
  defaultValues: NoticeBody;
  /** Resolves when saved; rejects with the API failure. */
  onSubmit: (body: NoticeBody) => Promise<unknown>;
  onCancel: () => void;
  pending: boolean;
}

export function NoticeForm({ defaultValues, onSubmit, onCancel, pending }: NoticeFormProps) {
  const { register, control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(noticeBodySchema),
    defaultValues,
  });
  const { errors, wrap } = useServerSubmit(SERVER_FIELDS, setError);
  const message = useWatch({ control, name: 'message' });

  const submit = wrap(async (body: NoticeBody) => {
    await onSubmit(body);
  });

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
      <Stack gap="md">
        <Controller
          name="type"
          control={control}
          render={({ field, fieldState }) => (
            <Select
              label={NOTICES_TEXTS.type}
              required
              allowDeselect={false}
              data={TYPE_OPTIONS}
              value={field.value}
              onChange={(value) => {
                const parsed = noticeTypeSchema.safeParse(value);
                if (parsed.success) field.onChange(parsed.data);
              }}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        <Textarea
          label={NOTICES_TEXTS.message}
          description={NOTICES_TEXTS.messageHelp}
          required
          data-autofocus
          rows={6}
          resize="vertical"
          maxLength={NOTICE_MESSAGE_MAX_LENGTH}
          error={formState.errors.message?.message}
          {...register('message')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="notice-preview-label">
            {NOTICES_TEXTS.preview}
          </Text>
          <Paper withBorder p="sm" role="region" aria-labelledby="notice-preview-label">
            {message.trim() ? (
              <RichText html={message} images fz="sm" />
            ) : (
              <Text size="sm" c="dimmed">
                {NOTICES_TEXTS.previewEmpty}
              </Text>
            )}
          </Paper>
        </Stack>
        <Controller
          name="enabled"
          control={control}
          render={({ field, fieldState }) => (
            <Switch
              label={NOTICES_TEXTS.enabled}
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        <FormErrorAlert messages={errors} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {NOTICES_TEXTS.cancel}
          </Button>
          <Button type="submit" loading={pending}>
            {NOTICES_TEXTS.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
