import { Checkbox, NumberInput, Stack, Text } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { DEVICE_PASSWORD_MAX_LENGTH, DEVICE_PASSWORD_MIN_LENGTH } from '@netfleet/contracts';
import { fieldErrorProp, zodResolver } from '@/components/form-errors';
import { generatePasswords } from '../api/send-passwords';
import type { BatchResult } from '../model/batch-result';
import {
  GENERATE_DEFAULTS,
  generateFormSchema,
  toGenerateBody,
  type GenerateFormValues,
  type PasswordDevice,
} from '../model/password-forms';
import { PASSWORD_TEXTS as T } from '../texts';
import { FormFooter } from './form-footer';
import { usePasswordSubmit } from './use-password-submit';

const resolver = zodResolver(generateFormSchema);
const FIELDS = { 'data.length': 'length', 'data.use_special': 'use_special' } as const;

export interface PasswordFormProps {
  devices: readonly PasswordDevice[];
  onDone: (result: BatchResult) => void;
}

/** A random password per device, of the length asked; the list is always kept for the download. */
export function GenerateForm({ devices, onDone }: PasswordFormProps) {
  const form = useForm<GenerateFormValues>({ resolver, defaultValues: GENERATE_DEFAULTS });
  const submitter = usePasswordSubmit<GenerateFormValues>({
    devices,
    request: (values) => generatePasswords(toGenerateBody(devices, values)),
    fields: FIELDS,
    setFieldError: (field, message) => form.setError(field, { type: 'server', message }),
    downloadable: () => true,
    onDone,
  });

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(submitter.submit)(event)}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {T.generateHint}
        </Text>
        <Controller
          control={form.control}
          name="length"
          render={({ field, fieldState }) => (
            <NumberInput
              label={T.length}
              description={T.lengthRange}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              required
              min={DEVICE_PASSWORD_MIN_LENGTH}
              max={DEVICE_PASSWORD_MAX_LENGTH}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              maw={200}
              value={Number.isFinite(field.value) ? field.value : ''}
              onChange={(value) => field.onChange(typeof value === 'number' ? value : NaN)}
              onBlur={field.onBlur}
              error={fieldErrorProp(fieldState.error)}
            />
          )}
        />
        <Checkbox label={T.special} description={T.specialHint} {...form.register('use_special')} />
        <FormFooter
          submitLabel={T.generateSubmit}
          waiting={submitter.waiting}
          errors={submitter.errors}
          failures={submitter.failures}
        />
      </Stack>
    </form>
  );
}
