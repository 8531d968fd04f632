import {
  Alert,
  Button,
  Checkbox,
  PasswordInput,
  SegmentedControl,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { zodResolver } from '@/components/form-errors';
import { Controller, useForm } from 'react-hook-form';
import { credentialsFormSchema, type CredentialsValues } from '../model/credentials';
import { CONNECT_TEXTS } from '../texts';

interface CredentialsFormProps {
  defaultValues: CredentialsValues;
  /** The last attempt's failure, shown above the fields. */
  error: string | null;
  /** The user of the credential saved for the device, when there is one. */
  savedUsername: string | null;
  busy?: boolean;
  onSubmit: (values: CredentialsValues) => void;
  onUseSaved: () => void;
}

const AUTH_METHODS = [
  { value: 'password', label: CONNECT_TEXTS.password },
  { value: 'key', label: CONNECT_TEXTS.privateKey },
];

/** The device's user and password or private key (SSH and SFTP). */
export function CredentialsForm({
  defaultValues,
  error,
  savedUsername,
  busy = false,
  onSubmit,
  onUseSaved,
}: CredentialsFormProps) {
  const {
    register,
    control,
    watch,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(credentialsFormSchema), defaultValues });
  const auth = watch('auth');

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <Stack gap="md">
        {error !== null && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        {/* autoComplete off: the browser would offer the console's own sign-in here. */}
        <TextInput
          label={CONNECT_TEXTS.username}
          required
          autoComplete="off"
          error={errors.username?.message}
          {...register('username')}
        />
        <Controller
          control={control}
          name="auth"
          render={({ field }) => (
            <SegmentedControl
              aria-label={CONNECT_TEXTS.authMethod}
              data={AUTH_METHODS}
              value={field.value}
              onChange={field.onChange}
              fullWidth
            />
          )}
        />
        {auth === 'password' ? (
          <PasswordInput
            label={CONNECT_TEXTS.password}
            required
            autoComplete="off"
            autoFocus
            error={errors.password?.message}
            {...register('password')}
          />
        ) : (
          <>
            <Textarea
              label={CONNECT_TEXTS.privateKey}
              required
              autosize
              minRows={4}
              maxRows={10}
              spellCheck={false}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              error={errors.private_key?.message}
              {...register('private_key')}
            />
            <PasswordInput
              label={CONNECT_TEXTS.passphrase}
              description={CONNECT_TEXTS.passphraseHint}
              autoComplete="off"
              error={errors.passphrase?.message}
              {...register('passphrase')}
            />
          </>
        )}
        <Checkbox
          label={CONNECT_TEXTS.remember}
          description={CONNECT_TEXTS.rememberHint}
          {...register('remember')}
        />
        <Button type="submit" loading={busy}>
          {CONNECT_TEXTS.connect}
        </Button>
        {savedUsername !== null && (
          <Button variant="default" disabled={busy} onClick={onUseSaved}>
            {CONNECT_TEXTS.savedLogin(savedUsername)}
          </Button>
        )}
      </Stack>
    </form>
  );
}
