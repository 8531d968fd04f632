import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable, useTableQueryState } from '@/components/data-table';
import { isApiError } from '@/lib/api-client';
import { actionFailureMessage, actionSuccessMessage } from '@/lib/messages';
import { NOTICE_SORT_FIELDS, useAdminNotices } from '../api/get-admin-notices';
import { useDeleteNotice } from '../api/delete-notice';
import { useSaveNotice } from '../api/save-notice';
import { noticeColumns } from '../components/notices-columns';
import { NoticeModal, type NoticeModalTarget } from '../components/notice-modal';
import { NOTICES_TEXTS } from '../texts';

type Verb = 'update' | 'remove';

function failureToast(verb: Verb) {
  return (error: unknown) =>
    notifications.show({
      color: 'red',
      message: actionFailureMessage({
        item: NOTICES_TEXTS.item,
        verb,
        serverMessage: isApiError(error) ? error.errors[0]?.message : null,
        statusText: isApiError(error) ? error.statusText : null,
      }),
    });
}

/** /notices (admin_view_notice): write, enable, disable and delete the global notices. */
export function NoticesAdminPage() {
  const state = useTableQueryState({ defaultSort: '-enabled_at', sortFields: NOTICE_SORT_FIELDS });
  const result = useAdminNotices(state.query);
  const [target, setTarget] = useState<NoticeModalTarget>(null);
  const toggle = useSaveNotice();
  const remove = useDeleteNotice();

  const columns = noticeColumns({
    toggling: toggle.isPending ? (toggle.variables.id ?? null) : null,
    onEdit: setTarget,
    onToggle: (notice) =>
      toggle.mutate(
        {
          id: notice.id,
          body: { type: notice.type, message: notice.message, enabled: notice.enabled_at === null },
        },
        {
          onSuccess: () =>
            notifications.show({
              color: 'green',
              message: actionSuccessMessage(NOTICES_TEXTS.item, 'update'),
            }),
          onError: failureToast('update'),
        },
      ),
    onDelete: (notice) =>
      modals.openConfirmModal({
        title: NOTICES_TEXTS.deleteTitle,
        children: <Text size="sm">{NOTICES_TEXTS.deleteConfirm}</Text>,
        labels: { confirm: NOTICES_TEXTS.delete, cancel: NOTICES_TEXTS.cancel },
        confirmProps: { color: 'red' },
        onConfirm: () =>
          remove.mutate(notice.id, {
            onSuccess: () =>
              notifications.show({
                color: 'green',
                message: actionSuccessMessage(NOTICES_TEXTS.item, 'remove'),
              }),
            onError: failureToast('remove'),
          }),
      }),
  });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{NOTICES_TEXTS.pageTitle}</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setTarget('new')}>
          {NOTICES_TEXTS.createNotice}
        </Button>
      </Group>
      <DataTable
        label={NOTICES_TEXTS.tableLabel}
        columns={columns}
        state={state}
        result={result}
        emptyMessage={NOTICES_TEXTS.empty}
        searchPlaceholder={NOTICES_TEXTS.search}
      />
      <NoticeModal target={target} onClose={() => setTarget(null)} />
    </Stack>
  );
}
