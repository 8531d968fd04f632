import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { type ResetPasswordBody, resetPasswordBodySchema } from '@netfleet/contracts';
import {
  fieldErrorProp,
  FormErrorAlert,
  useServerSubmit,
  zodResolver,
} from '@/components/form-errors';
import { StandaloneLayout } from '@/components/standalone-layout';
import { useResetPassword } from '../api/password-reset';
import { forgotPasswordPath, loginAfterResetPath } from '../password-reset-paths';
import { AUTH_TEXTS } from '../texts';

// `token` has no field of its own: an invalid, used or expired link is said in the error list.
const FIELDS = ['password', 'password_confirmation'] as const;

function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors: fieldErrors },
  } = useForm({
    resolver: zodResolver(resetPasswordBodySchema),
    defaultValues: { token, password: '', password_confirmation: '' },
  });
  const { errors, wrap } = useServerSubmit(FIELDS, setError);

  const submit = wrap(async (values: ResetPasswordBody) => {
    await resetPassword.mutateAsync(values);
    // Every session ended with the reset: the user signs in again, told why.
    await navigate(loginAfterResetPath(), { replace: true });
  });

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
      <Stack gap="md">
        <PasswordInput
          label={AUTH_TEXTS.newPassword}
          autoComplete="new-password"
          required
          data-autofocus
          autoFocus
          error={fieldErrorProp(fieldErrors.password)}
          {...register('password')}
        />
        <PasswordInput
          label={AUTH_TEXTS.confirmPassword}
          autoComplete="new-password"
          required
          error={fieldErrorProp(fieldErrors.password_confirmation)}
          {...register('password_confirmation')}
        />
        <FormErrorAlert messages={errors} />
        <Button type="submit" fullWidth loading={resetPassword.isPending}>
          {AUTH_TEXTS.setPassword}
        </Button>
      </Stack>
    </form>
  );
}

/** /account/reset-password?token=…: the link of the password reset mail (standalone, public). */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';

  return (
    <StandaloneLayout title={AUTH_TEXTS.resetTitle}>
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <Alert color="red" variant="light" role="alert">
          {AUTH_TEXTS.resetMissingToken}
        </Alert>
      )}
      <Anchor component={Link} to={forgotPasswordPath()} size="sm">
        {AUTH_TEXTS.requestNewLink}
      </Anchor>
    </StandaloneLayout>
  );
}
