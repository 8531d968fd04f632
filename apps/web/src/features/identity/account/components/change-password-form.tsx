import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';

import { useForm } from 'react-hook-form';
import { changePasswordBodySchema, type ChangePasswordBody } from '@netfleet/contracts';
import {
  fieldErrorProp,
  FormErrorAlert,
  useServerSubmit,
  zodResolver,
} from '@/components/form-errors';
import { useChangePassword } from '../api/change-password';
import { ACCOUNT_TEXTS } from '../texts';

const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;

const EMPTY: ChangePasswordBody = { current_password: '', password: '', password_confirmation: '' };

export function ChangePasswordForm() {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors: fieldErrors },
  } = useForm({ resolver: zodResolver(changePasswordBodySchema), defaultValues: EMPTY });
  const { errors, wrap } = useServerSubmit(FIELDS, setError);

  // A wrong current password is CONFIRMATION_FAILED on current_password: under that field.
  const submit = wrap(async (values: ChangePasswordBody) => {
    await change.mutateAsync(values);
    reset(EMPTY);
    notifications.show({ color: 'green', message: ACCOUNT_TEXTS.passwordChanged });
  });

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
      <Stack gap="sm" maw={420}>
        <PasswordInput
          label={ACCOUNT_TEXTS.currentPassword}
          autoComplete="current-password"
          required
          error={fieldErrorProp(fieldErrors.current_password)}
          {...register('current_password')}
        />
        <PasswordInput
          label={ACCOUNT_TEXTS.newPassword}
          autoComplete="new-password"
          required
          error={fieldErrorProp(fieldErrors.password)}
          {...register('password')}
        />
        <PasswordInput
          label={ACCOUNT_TEXTS.confirmPassword}
          autoComplete="new-password"
          required
          error={fieldErrorProp(fieldErrors.password_confirmation)}
          {...register('password_confirmation')}
        />
        <FormErrorAlert messages={errors} />
        <Group>
          <Button type="submit" loading={change.isPending}>
            {ACCOUNT_TEXTS.changePassword}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
