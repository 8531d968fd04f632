import { Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Notice, NoticeBody } from '@netfleet/contracts';
import { actionSuccessMessage } from '@/lib/messages';
import { useSaveNotice } from '../api/save-notice';
import { NOTICES_TEXTS } from '../texts';
import { NoticeForm } from './notice-form';

/** 'new' opens an empty form; a notice opens it for editing; null keeps the dialog closed. */
export type NoticeModalTarget = Notice | 'new' | null;

const EMPTY: NoticeBody = { type: 'info', message: '', enabled: true };

const toBody = (notice: Notice): NoticeBody => ({
  type: notice.type,
  message: notice.message,
  enabled: notice.enabled_at !== null,
});

export function NoticeModal({
  target,
  onClose,
}: {
  target: NoticeModalTarget;
  onClose: () => void;
}) {
  const save = useSaveNotice();
  const editing = target !== null && target !== 'new' ? target : null;

  const close = () => {
    save.reset();
    onClose();
  };

  return (
    <Modal
      opened={target !== null}
      onClose={close}
      title={editing ? NOTICES_TEXTS.editNotice : NOTICES_TEXTS.createNotice}
      size="lg"
    >
      {target !== null && (
        <NoticeForm
          // A fresh form per notice: defaultValues are read once.
          key={editing?.id ?? 'new'}
          defaultValues={editing ? toBody(editing) : EMPTY}
          pending={save.isPending}
          onCancel={close}
          onSubmit={(body) =>
            save.mutateAsync({ id: editing?.id, body }).then(() => {
              notifications.show({
                color: 'green',
                message: actionSuccessMessage(NOTICES_TEXTS.item, editing ? 'update' : 'create'),
              });
              close();
            })
          }
        />
      )}
    </Modal>
  );
}
