import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';

interface SecretOnceModalProps<T> {
  opened: boolean;
  onClose: () => void;
  /** The create mutation: its data is the created item holding the secret. */
  mutation: { data: T | undefined; reset: () => void };
  formTitle: string;
  createdTitle: string;
  renderForm: (close: () => void) => ReactNode;
  renderCreated: (created: T, close: () => void) => ReactNode;
}

/** A create form that then shows the created item's secret, which can be shown only this once. */
export function SecretOnceModal<T>({
  opened,
  onClose,
  mutation,
  formTitle,
  createdTitle,
  renderForm,
  renderCreated,
}: SecretOnceModalProps<T>) {
  const created = mutation.data;

  const close = () => {
    // Dropping the mutation result drops the secret: reopening shows an empty form.
    mutation.reset();
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={created ? createdTitle : formTitle}
      // An accidental outside click must not throw away a secret that cannot be shown again.
      closeOnClickOutside={!created}
      size="lg"
    >
      {created ? renderCreated(created, close) : renderForm(close)}
    </Modal>
  );
}
