import { Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { actionSuccessMessage } from '@netfleet/contracts';
import { useCreateToken } from '../api/create-token';
import { ACCOUNT_TEXTS } from '../texts';
import { CreatedTokenView } from './created-token';
import { CreateTokenForm } from './create-token-form';

interface CreateTokenModalProps {
  opened: boolean;
  onClose: () => void;
}

export function CreateTokenModal({ opened, onClose }: CreateTokenModalProps) {
  const create = useCreateToken();
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
      title={created ? ACCOUNT_TEXTS.tokenCreatedTitle : ACCOUNT_TEXTS.createToken}
      // An accidental outside click must not throw away a secret that cannot be shown again.
      closeOnClickOutside={!created}
      size="lg"
    >
      {created ? (
        <CreatedTokenView token={created} onDone={close} />
      ) : (
        <CreateTokenForm
          pending={create.isPending}
          onCancel={close}
          onSubmit={(body) =>
            create.mutateAsync(body).then(() =>
              notifications.show({
                color: 'green',
                message: actionSuccessMessage('personal access token', 'create'),
              }),
            )
          }
        />
      )}
    </Modal>
  );
}
