import { Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { actionSuccessMessage } from '@netfleet/contracts';
import { useCreateWebhook } from '../api/create-webhook';
import { WEBHOOK_TEXTS } from '../webhooks-texts';
import { CreatedWebhookView } from './created-webhook';
import { CreateWebhookForm } from './create-webhook-form';

interface CreateWebhookModalProps {
  opened: boolean;
  onClose: () => void;
}

export function CreateWebhookModal({ opened, onClose }: CreateWebhookModalProps) {
  const create = useCreateWebhook();
  const created = create.data;

  const close = () => {
    // Dropping the mutation result drops the secret: reopening shows an empty form.
    create.reset();
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={created ? WEBHOOK_TEXTS.createdTitle : WEBHOOK_TEXTS.createTitle}
      // An accidental outside click must not throw away a secret that cannot be shown again.
      closeOnClickOutside={!created}
      size="lg"
    >
      {created ? (
        <CreatedWebhookView url={created.url} secret={created.secret} onDone={close} />
      ) : (
        <CreateWebhookForm
          pending={create.isPending}
          onCancel={close}
          onSubmit={(body) =>
            create.mutateAsync(body).then(() =>
              notifications.show({
                color: 'green',
                message: actionSuccessMessage('webhook', 'create'),
              }),
            )
          }
        />
      )}
    </Modal>
  );
}
