import { Checkbox, PasswordInput, Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { DEVICE_PASSWORD_MAX_LENGTH } from '@netfleet/contracts';
import { fieldErrorProp } from '@/components/form-errors';
import { setPasswords } from '../api/send-passwords';
import {
  SET_DEFAULTS,
  setFormSchema,
  toSetBody,
  type SetFormValues,
} from '../model/password-forms';
import { PASSWORD_TEXTS as T } from '../texts';
import { FormFooter } from './form-footer';
import type { PasswordFormProps } from './generate-form';
import { usePasswordSubmit } from './use-password-submit';

const resolver = zodResolver(setFormSchema);
const FIELDS = {
  'data.password': 'password',
  'data.password_confirmation': 'password_confirmation',
  'data.show_password': 'show_password',
} as const;

/** One password, typed twice, for every device; kept for the download only when asked. */
export function SetForm({ devices, onDone }: PasswordFormProps) {
  const form = useForm<SetFormValues>({ resolver, defaultValues: SET_DEFAULTS });
  const { errors } = form.formState;
  const submitter = usePasswordSubmit<SetFormValues>({
    devices,
    request: (values) => setPasswords(toSetBody(devices, values)),
    fields: FIELDS,
    setFieldError: (field, message) => form.setError(field, { type: 'server', message }),
    downloadable: () => form.getValues('show_password'),
    onDone,
  });

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(submitter.submit)(event)}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {T.setHint}
        </Text>
        <PasswordInput
          label={T.password}
          required
          maxLength={DEVICE_PASSWORD_MAX_LENGTH}
          autoComplete="new-password"
          error={fieldErrorProp(errors.password)}
          {...form.register('password')}
        />
        <PasswordInput
          label={T.confirmation}
          required
          maxLength={DEVICE_PASSWORD_MAX_LENGTH}
          autoComplete="new-password"
          error={fieldErrorProp(errors.password_confirmation)}
          {...form.register('password_confirmation')}
        />
        <Checkbox label={T.keep} description={T.keepHint} {...form.register('show_password')} />
        <FormFooter
          submitLabel={T.setSubmit}
          waiting={submitter.waiting}
          errors={submitter.errors}
          failures={submitter.failures}
        />
      </Stack>
    </form>
  );
}
