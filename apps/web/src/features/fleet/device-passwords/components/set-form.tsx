import { Box, Button, Checkbox, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { DEVICE_PASSWORD_MAX_LENGTH } from '@netfleet/contracts';
import { fieldErrorProp, zodResolver } from '@/components/form-errors';
import { randomPassword } from '@/components/schema-form/random';
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
  const { errors, isSubmitted } = form.formState;
  // A generated password is shown, so the user can note it.
  const [generated, setGenerated] = useState(false);
  const [visible, setVisible] = useState(false);
  const generate = () => {
    const password = randomPassword();
    const options = { shouldDirty: true, shouldValidate: isSubmitted };
    form.setValue('password', password, options);
    form.setValue('password_confirmation', password, options);
    setGenerated(true);
    setVisible(true);
  };
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
          visible={visible}
          onVisibilityChange={setVisible}
          description={generated ? T.generatedHint : undefined}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          // The button sits beside the input, above its hint and error.
          inputContainer={(input) => (
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Box flex={1}>{input}</Box>
              <Button variant="default" onClick={generate}>
                {T.generateOne}
              </Button>
            </Group>
          )}
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
