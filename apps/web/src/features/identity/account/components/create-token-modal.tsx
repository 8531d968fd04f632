import { notifications } from '@mantine/notifications';
import { actionSuccessMessage } from '@netfleet/contracts';
import { useCreateToken } from '../api/create-token';
import { ACCOUNT_TEXTS } from '../texts';
import { CreatedTokenView } from './created-token';
import { CreateTokenForm } from './create-token-form';
import { SecretOnceModal } from './secret-once-modal';

interface CreateTokenModalProps {
  opened: boolean;
  onClose: () => void;
}

export function CreateTokenModal({ opened, onClose }: CreateTokenModalProps) {
  const create = useCreateToken();

  return (
    <SecretOnceModal
      opened={opened}
      onClose={onClose}
      mutation={create}
      formTitle={ACCOUNT_TEXTS.createToken}
      createdTitle={ACCOUNT_TEXTS.tokenCreatedTitle}
      renderCreated={(created, close) => <CreatedTokenView token={created} onDone={close} />}
      renderForm={(close) => (
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
    />
  );
}
