import { notifications } from '@mantine/notifications';
import { useCreateWebhook } from '../api/create-webhook';
import { ACCOUNT_ITEMS, WEBHOOK_TEXTS } from '../texts';
import { CreatedWebhookView } from './created-webhook';
import { CreateWebhookForm } from './create-webhook-form';
import { SecretOnceModal } from './secret-once-modal';
import { actionSuccessMessage } from '@/lib/messages';

interface CreateWebhookModalProps {
  opened: boolean;
  onClose: () => void;
}

export function CreateWebhookModal({ opened, onClose }: CreateWebhookModalProps) {
  const create = useCreateWebhook();

  return (
    <SecretOnceModal
      opened={opened}
      onClose={onClose}
      mutation={create}
      formTitle={WEBHOOK_TEXTS.createTitle}
      createdTitle={WEBHOOK_TEXTS.createdTitle}
      renderCreated={(created, close) => (
        <CreatedWebhookView url={created.url} secret={created.secret} onDone={close} />
      )}
      renderForm={(close) => (
        <CreateWebhookForm
          pending={create.isPending}
          onCancel={close}
          onSubmit={(body) =>
            create.mutateAsync(body).then(() =>
              notifications.show({
                color: 'green',
                message: actionSuccessMessage(ACCOUNT_ITEMS.webhook, 'create'),
              }),
            )
          }
        />
      )}
    />
  );
}
