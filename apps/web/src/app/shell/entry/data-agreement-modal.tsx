import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentUserQueryKey } from '@/lib/current-user';
import { logout } from '@/lib/session-actions';
import { useFailureToast } from '@/components/toasts';
import { acceptTerms } from './update-account-user';

/** Default theme, terms not accepted: a modal without header that only Accept (or log out) closes. */
export function DataAgreementModal() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const failureToast = useFailureToast();
  const accept = useMutation({
    mutationFn: acceptTerms,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
    onError: failureToast(t('entry.saveFailed')),
  });
  return (
    // Compound form so the title names the dialog without a closable modal header.
    <Modal.Root
      opened
      onClose={() => undefined}
      closeOnClickOutside={false}
      closeOnEscape={false}
      size="lg"
      centered
    >
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Body pt="lg">
          <Stack>
            <Modal.Title fz="h3" fw={700}>
              {t('entry.agreementTitle')}
            </Modal.Title>
            <Text size="sm">{t('entry.agreementText')}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => void logout()}>
                {t('header.logout')}
              </Button>
              <Button onClick={() => accept.mutate()} loading={accept.isPending} data-autofocus>
                {t('entry.accept')}
              </Button>
            </Group>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
