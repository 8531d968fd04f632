import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { loginBodySchema, type LoginBody } from '@netfleet/contracts';
import { FormErrorAlert, zodResolver } from '@/components/form-errors';
import { sendWithMfa } from '@/components/form-submit';
import { useSubmitGuard } from '@/lib/use-submit-guard';
import { useLogin } from '../api/login';
import { AUTH_TEXTS } from '../texts';
import { classifyLoginFailure, LOGIN_FIELDS, type LoginFailure } from './login-failure';
import { useCountdown } from './use-countdown';

interface LoginFormProps {
  onSuccess: () => void;
}

function ThrottleAlert({ retryAt }: { retryAt: number | null }) {
  const seconds = useCountdown(retryAt);
  if (retryAt !== null && seconds === 0) return null;
  const message =
    retryAt === null ? AUTH_TEXTS.tooManyAttemptsLater : AUTH_TEXTS.tooManyAttempts(seconds);
  return (
    <Alert color="red" variant="light" role="alert">
      {message}
    </Alert>
  );
}

function FailureNotice({ failure }: { failure: LoginFailure | null }) {
  switch (failure?.kind) {
    case 'throttled':
      return <ThrottleAlert retryAt={failure.retryAt} />;
    case 'messages':
      return <FormErrorAlert messages={failure.others} />;
    default:
      return null;
  }
}

export function LoginForm({ onSuccess }: LoginFormProps) {
  const login = useLogin();
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  const guard = useSubmitGuard();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { email: '', password: '' },
  });

  const submit = guard(async (values: LoginBody) => {
    setFailure(null);
    try {
      // MFA_REQUIRED: the code of the user's method, then the same sign-in with the pending check.
      const outcome = await sendWithMfa((mfa) =>
        login.mutateAsync(
          mfa
            ? { ...values, session_uuid: mfa.session_uuid, session_code: mfa.session_code }
            : values,
        ),
      );
      // Cancelled: back to the form as it was.
      if (outcome.kind === 'done') onSuccess();
    } catch (error) {
      const next = classifyLoginFailure(error);
      if (next.kind === 'messages') {
        for (const field of LOGIN_FIELDS) {
          const message = next.fields[field];
          if (message !== undefined) setError(field, { type: 'server', message });
        }
      }
      setFailure(next);
    }
  });

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
      <Stack gap="md">
        <TextInput
          label={AUTH_TEXTS.email}
          type="email"
          autoComplete="username"
          required
          data-autofocus
          autoFocus
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordInput
          label={AUTH_TEXTS.password}
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...register('password')}
        />
        <Button type="submit" fullWidth loading={login.isPending}>
          {AUTH_TEXTS.signIn}
        </Button>
        <FailureNotice failure={failure} />
      </Stack>
    </form>
  );
}
