import { Alert, Button, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { ActionStatusRow } from './action-status-row';
import { ACTION_STATUS_TEXTS, isFinished } from './texts';
import { isChannelNotFound, useStatusChannel } from './use-status-channel';

export interface ActionStatusDialogProps {
  channel: string;
  title?: string;
  itemLabels?: Readonly<Record<string, string>>;
  onClose: () => void;
  /** Shown as a Minimize button; the host keeps the channel followed while minimized. */
  onMinimize?: () => void;
}

/** Spec §4: the live 'Action status' dialog of an asynchronous operation's status channel. */
export function ActionStatusDialog({
  channel,
  title = ACTION_STATUS_TEXTS.title,
  itemLabels = {},
  onClose,
  onMinimize,
}: ActionStatusDialogProps) {
  const { items, query } = useStatusChannel(channel);
  const finished = items.filter((item) => isFinished(item.latest)).length;

  let body;
  if (items.length > 0) {
    body = (
      <Table.ScrollContainer minWidth={420}>
        <Table aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{ACTION_STATUS_TEXTS.item}</Table.Th>
              <Table.Th>{ACTION_STATUS_TEXTS.status}</Table.Th>
              <Table.Th>{ACTION_STATUS_TEXTS.details}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map(({ item, latest }) => (
              <ActionStatusRow
                key={item}
                label={itemLabels[item] ?? ACTION_STATUS_TEXTS.itemLabel(item)}
                update={latest}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  } else if (query.isError) {
    body = (
      <Alert color={isChannelNotFound(query.error) ? 'gray' : 'red'}>
        {isChannelNotFound(query.error)
          ? ACTION_STATUS_TEXTS.expired
          : query.error.message || ACTION_STATUS_TEXTS.failed}
      </Alert>
    );
  } else {
    body = (
      <Group gap="xs">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          {ACTION_STATUS_TEXTS.waiting}
        </Text>
      </Group>
    );
  }

  return (
    <Modal opened onClose={onClose} title={title} size="lg" centered>
      <Stack gap="md">
        {items.length > 0 && (
          <Text size="sm" c="dimmed">
            {ACTION_STATUS_TEXTS.summary(finished, items.length)}
          </Text>
        )}
        {body}
        <Group justify="flex-end">
          {onMinimize && (
            <Button variant="default" onClick={onMinimize}>
              {ACTION_STATUS_TEXTS.minimize}
            </Button>
          )}
          <Button onClick={onClose}>{ACTION_STATUS_TEXTS.close}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
