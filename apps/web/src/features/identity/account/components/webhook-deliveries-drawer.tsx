import { Badge, Drawer, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { Webhook, WebhookDelivery } from '@netfleet/contracts';
import { formatDateTime } from '@/components/data-table';
import { DELIVERIES_PAGE_SIZE, useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { DELIVERY_STATUS_LABELS, WEBHOOK_TEXTS } from '../texts';
import { QuerySectionBody } from './query-section-body';

const STATUS_COLORS: Record<WebhookDelivery['status'], string> = {
  pending: 'yellow',
  delivered: 'green',
  failed: 'red',
};

function DeliveriesTable({ deliveries }: { deliveries: readonly WebhookDelivery[] }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped aria-label={WEBHOOK_TEXTS.deliveriesLabel}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{WEBHOOK_TEXTS.created}</Table.Th>
            <Table.Th>{WEBHOOK_TEXTS.event}</Table.Th>
            <Table.Th>{WEBHOOK_TEXTS.status}</Table.Th>
            <Table.Th>{WEBHOOK_TEXTS.attempts}</Table.Th>
            <Table.Th>{WEBHOOK_TEXTS.responseCode}</Table.Th>
            <Table.Th>{WEBHOOK_TEXTS.error}</Table.Th>
            <Table.Th>{WEBHOOK_TEXTS.nextAttempt}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.map((delivery) => (
            <Table.Tr key={delivery.id}>
              <Table.Td>{formatDateTime(delivery.created_at)}</Table.Td>
              <Table.Td>{delivery.event}</Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLORS[delivery.status]} variant="light" size="sm">
                  {DELIVERY_STATUS_LABELS[delivery.status]}
                </Badge>
              </Table.Td>
              <Table.Td>{delivery.attempts}</Table.Td>
              <Table.Td>{delivery.response_code ?? '—'}</Table.Td>
              <Table.Td maw={260}>
                <Text size="sm" c="red" style={{ overflowWrap: 'anywhere' }}>
                  {delivery.error}
                </Text>
              </Table.Td>
              <Table.Td>
                {delivery.next_attempt_at ? formatDateTime(delivery.next_attempt_at) : '—'}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function DeliveriesBody({ webhookId }: { webhookId: number }) {
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(webhookId, (page - 1) * DELIVERIES_PAGE_SIZE);
  return (
    <QuerySectionBody
      query={deliveries}
      loadingLabel={WEBHOOK_TEXTS.deliveriesLabel}
      failedTitle={WEBHOOK_TEXTS.deliveriesFailed}
      emptyText={WEBHOOK_TEXTS.noDeliveries}
      isEmpty={(data) => data.total === 0}
    >
      {(data) => {
        const pages = Math.max(1, Math.ceil(data.total / DELIVERIES_PAGE_SIZE));
        return (
          <Stack gap="sm">
            <DeliveriesTable deliveries={data.rows} />
            {pages > 1 && (
              <Group justify="flex-end">
                <Pagination total={pages} value={page} onChange={setPage} size="sm" />
              </Group>
            )}
          </Stack>
        );
      }}
    </QuerySectionBody>
  );
}

interface WebhookDeliveriesDrawerProps {
  webhook: Webhook | null;
  onClose: () => void;
}

/** The delivery log of one webhook: status, attempts, response code, error and next attempt. */
export function WebhookDeliveriesDrawer({ webhook, onClose }: WebhookDeliveriesDrawerProps) {
  return (
    <Drawer
      opened={webhook !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={webhook ? WEBHOOK_TEXTS.deliveriesTitle(webhook.url) : undefined}
    >
      {/* Keyed so paging starts over for another webhook. */}
      {webhook && <DeliveriesBody key={webhook.id} webhookId={webhook.id} />}
    </Drawer>
  );
}
