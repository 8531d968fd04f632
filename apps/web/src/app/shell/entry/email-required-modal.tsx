import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { updateAccountUserBodySchema } from '@netfleet/contracts';
import { useFailureToast } from '@/components/toasts';
import { currentUserQueryKey } from '@/lib/current-user';
import { logout } from '@/lib/session-actions';
import { updateAccountUser } from './update-account-user';
import { MESSAGE_TEXTS } from '@/lib/messages';

/** Spec §4 Shell entry: a user whose e-mail equals the username must enter an address first. */
export function EmailRequiredModal() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const failureToast = useFailureToast();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const save = useMutation({
    mutationFn: (value: string) => updateAccountUser({ email: value }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
    onError: failureToast(t('entry.saveFailed')),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The server's own rule, so the modal never refuses an address the API would take.
    const valid = updateAccountUserBodySchema.safeParse({ email: email.trim() }).success;
    setInvalid(!valid);
    if (valid) save.mutate(email.trim());
  };
  return (
    <Modal
      opened
      onClose={() => undefined}
      title={MESSAGE_TEXTS.enterEmail}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">{t('entry.emailText')}</Text>
          <TextInput
            type="email"
            label={t('entry.email')}
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={invalid ? t('entry.emailInvalid') : undefined}
            required
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void logout()}>
              {t('header.logout')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('entry.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
