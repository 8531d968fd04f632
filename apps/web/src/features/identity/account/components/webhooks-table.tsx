import {
  ActionIcon,
  Badge,
  Group,
  Switch,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconList, IconSend, IconTrash } from '@tabler/icons-react';
import type { Webhook } from '@netfleet/contracts';
import { formatDateTime } from '@/components/data-table';
import { WEBHOOK_TEXTS } from '../texts';

export interface WebhookRowActions {
  onToggle: (webhook: Webhook) => void;
  onTest: (webhook: Webhook) => void;
  onDeliveries: (webhook: Webhook) => void;
  onDelete: (webhook: Webhook) => void;
  /** Webhooks with a change or test in flight: their controls wait. */
  busy: ReadonlySet<number>;
}

interface WebhooksTableProps extends WebhookRowActions {
  webhooks: readonly Webhook[];
}

export function WebhooksTable({ webhooks, busy, ...actions }: WebhooksTableProps) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover aria-label={WEBHOOK_TEXTS.tableLabel}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{WEBHOOK_TEXTS.url}</Table.Th>
            <Table.Th>{WEBHOOK_TEXTS.events}</Table.Th>
            <Table.Th>{WEBHOOK_TEXTS.enabled}</Table.Th>
            <Table.Th>{WEBHOOK_TEXTS.created}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{WEBHOOK_TEXTS.actions}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {webhooks.map((webhook) => (
            <Table.Tr key={webhook.id}>
              <Table.Td maw={320}>
                <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {webhook.url}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {webhook.events.map((event) => (
                    <Badge key={event} variant="light" size="sm" tt="none">
                      {event}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                <Switch
                  aria-label={WEBHOOK_TEXTS.toggle(webhook.url)}
                  checked={webhook.enabled}
                  disabled={busy.has(webhook.id)}
                  onChange={() => actions.onToggle(webhook)}
                />
              </Table.Td>
              <Table.Td>{formatDateTime(webhook.created_at)}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap" justify="flex-end">
                  <Tooltip label={WEBHOOK_TEXTS.sendTest}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={WEBHOOK_TEXTS.sendTestAria(webhook.url)}
                      disabled={busy.has(webhook.id)}
                      onClick={() => actions.onTest(webhook)}
                    >
                      <IconSend size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={WEBHOOK_TEXTS.deliveries}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={WEBHOOK_TEXTS.deliveriesAria(webhook.url)}
                      onClick={() => actions.onDeliveries(webhook)}
                    >
                      <IconList size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={WEBHOOK_TEXTS.remove}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={WEBHOOK_TEXTS.removeAria(webhook.url)}
                      onClick={() => actions.onDelete(webhook)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
