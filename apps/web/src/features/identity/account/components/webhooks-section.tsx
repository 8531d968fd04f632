import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { ActionVerb, Webhook } from '@netfleet/contracts';
import { openActionStatus } from '@/lib/action-status';
import { isApiError } from '@/lib/api-client';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useWebhooks } from '../api/get-webhooks';
import { useTestWebhook } from '../api/test-webhook';
import { useSetWebhookEnabled } from '../api/update-webhook';
import { ACCOUNT_ITEMS, WEBHOOK_TEXTS } from '../texts';
import { CreateWebhookModal } from './create-webhook-modal';
import { QuerySectionBody } from './query-section-body';
import { WebhookDeliveriesDrawer } from './webhook-deliveries-drawer';
import { WebhooksTable, type WebhookRowActions } from './webhooks-table';
import { actionFailureMessage, actionSuccessMessage } from '@/lib/messages';

const failureToast =
  (verb: ActionVerb, item: string = ACCOUNT_ITEMS.webhook) =>
  (error: unknown) =>
    notifications.show({
      color: 'red',
      message: actionFailureMessage({
        item,
        verb,
        serverMessage: isApiError(error) ? error.errors[0]?.message : null,
        statusText: isApiError(error) ? error.statusText : null,
      }),
    });

/** The user's own webhooks (manage_webhooks): add, enable/disable, test, delivery log, delete. */
export function WebhooksSection() {
  const [creating, setCreating] = useState(false);
  const [deliveriesOf, setDeliveriesOf] = useState<Webhook | null>(null);
  const webhooks = useWebhooks();
  const toggle = useSetWebhookEnabled();
  const test = useTestWebhook();
  const remove = useDeleteWebhook();

  const busy = new Set<number>();
  if (toggle.isPending) busy.add(toggle.variables.webhook.id);
  if (test.isPending) busy.add(test.variables);

  const actions: WebhookRowActions = {
    busy,
    onDeliveries: setDeliveriesOf,
    onToggle: (webhook) =>
      toggle.mutate(
        { webhook, enabled: !webhook.enabled },
        {
          onSuccess: () =>
            notifications.show({
              color: 'green',
              message: actionSuccessMessage(ACCOUNT_ITEMS.webhook, 'update'),
            }),
          onError: failureToast('update'),
        },
      ),
    onTest: (webhook) =>
      test.mutate(webhook.id, {
        onSuccess: ({ channel }) => {
          // The 'Action status' dialog follows the test live; without one (no channel, or the
          // dialog host is not mounted) a toast says where the outcome will show.
          const title = WEBHOOK_TEXTS.testTitle(webhook.url);
          const opened =
            channel !== null &&
            openActionStatus(channel, { title, itemLabels: { [webhook.id]: webhook.url } });
          if (!opened)
            notifications.show({ color: 'blue', title, message: WEBHOOK_TEXTS.testStarted });
        },
        onError: failureToast('send', ACCOUNT_ITEMS.testDelivery),
      }),
    onDelete: (webhook) =>
      modals.openConfirmModal({
        title: WEBHOOK_TEXTS.remove,
        children: <Text size="sm">{WEBHOOK_TEXTS.removeConfirm(webhook.url)}</Text>,
        labels: { confirm: WEBHOOK_TEXTS.delete, cancel: WEBHOOK_TEXTS.cancel },
        confirmProps: { color: 'red' },
        onConfirm: () =>
          remove.mutate(webhook.id, {
            onSuccess: () =>
              notifications.show({
                color: 'green',
                message: actionSuccessMessage(ACCOUNT_ITEMS.webhook, 'remove'),
              }),
            onError: failureToast('remove'),
          }),
      }),
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="account-webhooks">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4" id="account-webhooks">
            {WEBHOOK_TEXTS.title}
          </Title>
          <Button onClick={() => setCreating(true)}>{WEBHOOK_TEXTS.create}</Button>
        </Group>
        <Text size="sm" c="dimmed">
          {WEBHOOK_TEXTS.help}
        </Text>
        <QuerySectionBody
          query={webhooks}
          loadingLabel={WEBHOOK_TEXTS.loading}
          failedTitle={WEBHOOK_TEXTS.failed}
          emptyText={WEBHOOK_TEXTS.none}
          isEmpty={(data) => data.length === 0}
        >
          {(data) => <WebhooksTable webhooks={data} {...actions} />}
        </QuerySectionBody>
      </Stack>
      <CreateWebhookModal opened={creating} onClose={() => setCreating(false)} />
      <WebhookDeliveriesDrawer webhook={deliveriesOf} onClose={() => setDeliveriesOf(null)} />
    </Card>
  );
}
