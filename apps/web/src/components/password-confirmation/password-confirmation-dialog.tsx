import { Button, getDefaultZIndex, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { passwordConfirmationBodySchema, type PasswordConfirmationBody } from '@netfleet/contracts';
import { FormErrorAlert, useServerSubmit, zodResolver } from '@/components/form-errors';
import { confirmPassword } from '@/lib/session-actions';
import { PASSWORD_CONFIRMATION_TEXTS } from './texts';

export { PASSWORD_CONFIRMATION_TEXTS };

// The dialog usually opens over another one (the form whose request was refused). Mantine closes
// every open modal on Escape unless the key comes from an element marked like this, so the
// dialog's own controls carry the mark and it handles Escape from them itself.
const OWN_ESCAPE = { 'data-mantine-stop-propagation': 'true' } as const;

interface PasswordConfirmationDialogProps {
  /** The server's message (spec §8 423). */
  message: string;
  /** The password was accepted; the refused request may be retried. */
  onConfirmed: () => void;
  onCancel: () => void;
}

/** Spec §8 423: asks for the password, confirms it with the server, stays open while it is wrong. */
export function PasswordConfirmationDialog({
  message,
  onConfirmed,
  onCancel,
}: PasswordConfirmationDialogProps) {
  const confirm = useMutation({ mutationFn: confirmPassword });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors: fieldErrors },
  } = useForm({
    resolver: zodResolver(passwordConfirmationBodySchema),
    defaultValues: { password: '' },
  });
  const { errors, wrap } = useServerSubmit(['password'], setError);

  // CONFIRMATION_FAILED names `password`: its message goes under the field, the dialog stays.
  const submit = wrap(async (values: PasswordConfirmationBody) => {
    await confirm.mutateAsync(values);
    onConfirmed();
  });

  const cancelOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    onCancel();
  };

  return (
    <Modal
      opened
      onClose={onCancel}
      title={PASSWORD_CONFIRMATION_TEXTS.title}
      withCloseButton={false}
      centered
      // Above the dialog that sent the refused request.
      zIndex={getDefaultZIndex('modal') + 1}
    >
      <form
        noValidate
        onSubmit={(event) => void handleSubmit(submit)(event)}
        onKeyDown={cancelOnEscape}
      >
        <Stack gap="md">
          <Text size="sm">{message}</Text>
          <PasswordInput
            label={PASSWORD_CONFIRMATION_TEXTS.password}
            autoComplete="current-password"
            required
            data-autofocus
            error={fieldErrors.password?.message}
            visibilityToggleButtonProps={OWN_ESCAPE}
            {...OWN_ESCAPE}
            {...register('password')}
          />
          <FormErrorAlert messages={errors} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} {...OWN_ESCAPE}>
              {PASSWORD_CONFIRMATION_TEXTS.cancel}
            </Button>
            <Button type="submit" loading={confirm.isPending} {...OWN_ESCAPE}>
              {PASSWORD_CONFIRMATION_TEXTS.confirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
