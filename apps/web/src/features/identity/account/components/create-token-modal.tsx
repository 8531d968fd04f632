import { notifications } from '@mantine/notifications';
import { useCreateToken } from '../api/create-token';
import { ACCOUNT_ITEMS, ACCOUNT_TEXTS } from '../texts';
import { CreatedTokenView } from './created-token';
import { CreateTokenForm } from './create-token-form';
import { SecretOnceModal } from './secret-once-modal';
import { actionSuccessMessage } from '@/lib/messages';

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
                message: actionSuccessMessage(ACCOUNT_ITEMS.personalAccessToken, 'create'),
              }),
            )
          }
        />
      )}
    />
  );
}
