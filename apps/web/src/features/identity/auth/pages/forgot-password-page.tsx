import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import {
  type ForgotPasswordBody,
  forgotPasswordBodySchema,
  PASSWORD_RESET_TTL_MINUTES,
} from '@netfleet/contracts';
import {
  fieldErrorProp,
  FormErrorAlert,
  useServerSubmit,
  zodResolver,
} from '@/components/form-errors';
import { StandaloneLayout } from '@/components/standalone-layout';
import { loginPath } from '@/lib/session-hooks';
import { useRequestPasswordReset } from '../api/password-reset';
import { AUTH_TEXTS } from '../texts';

const FIELDS = ['email'] as const;

/**
 * /account/forgot-password (standalone, public): asks for the address and mails a reset link. The
 * confirmation reads the same whether or not an account uses the address, as the server answers.
 */
export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors: fieldErrors },
  } = useForm({ resolver: zodResolver(forgotPasswordBodySchema), defaultValues: { email: '' } });
  const { errors, wrap } = useServerSubmit(FIELDS, setError);

  const submit = wrap(async (values: ForgotPasswordBody) => {
    await request.mutateAsync(values);
    setSentTo(values.email);
  });

  return (
    <StandaloneLayout title={AUTH_TEXTS.forgotTitle}>
      {sentTo === null ? (
        <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
          <Stack gap="md">
            <Text size="sm">{AUTH_TEXTS.forgotIntro}</Text>
            <TextInput
              label={AUTH_TEXTS.email}
              type="email"
              autoComplete="username"
              required
              data-autofocus
              autoFocus
              error={fieldErrorProp(fieldErrors.email)}
              {...register('email')}
            />
            <FormErrorAlert messages={errors} />
            <Button type="submit" fullWidth loading={request.isPending}>
              {AUTH_TEXTS.sendLink}
            </Button>
          </Stack>
        </form>
      ) : (
        <Alert color="green" variant="light" role="status">
          {AUTH_TEXTS.linkSent(sentTo, PASSWORD_RESET_TTL_MINUTES)}
        </Alert>
      )}
      <Anchor component={Link} to={loginPath()} size="sm">
        {AUTH_TEXTS.backToSignIn}
      </Anchor>
    </StandaloneLayout>
  );
}
