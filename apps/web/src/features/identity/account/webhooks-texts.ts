// English texts of the Webhooks section of the account page, shared by its components and tests.
import type { WebhookDelivery, WebhookEvent } from '@netfleet/contracts';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'status.update': 'Status updates (status.update)',
  'notification.created': 'Notifications (notification.created)',
  'data_collect.collected':
    'Collected data of your data collection configs (data_collect.collected)',
  'automation.alert': 'Alerts of automations that name this webhook (automation.alert)',
};

export const DELIVERY_STATUS_LABELS: Record<WebhookDelivery['status'], string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
};

export const WEBHOOK_TEXTS = {
  title: 'Webhooks',
  help: 'Webhooks post your status updates and notifications to an HTTPS endpoint of yours, signed with a secret so you can verify they came from here.',
  tableLabel: 'Webhooks',
  loading: 'Loading webhooks',
  none: 'No webhooks yet.',
  failed: 'Failed to load webhooks',
  create: 'Add webhook',
  createTitle: 'Add webhook',
  url: 'Endpoint URL',
  urlPlaceholder: 'https://example.com/hooks/netfleet',
  events: 'Events',
  eventsPlaceholder: 'Choose events',
  enabled: 'Enabled',
  created: 'Created',
  actions: 'Actions',
  save: 'Add',
  cancel: 'Cancel',
  done: 'Done',
  createdTitle: 'Webhook added',
  secretOnce:
    'Copy the signing secret now. It is shown only this once and cannot be retrieved later. Each delivery carries an X-Netfleet-Signature header computed with it.',
  copySecret: 'Copy secret',
  copied: 'Copied',
  toggle: (url: string) => `Enable webhook ${url}`,
  sendTest: 'Send test',
  sendTestAria: (url: string) => `Send a test delivery to ${url}`,
  testTitle: (url: string) => `Test delivery to ${url}`,
  testStarted: 'Test delivery started. Its result appears in the delivery log.',
  deliveries: 'Deliveries',
  deliveriesAria: (url: string) => `Deliveries of ${url}`,
  deliveriesTitle: (url: string) => `Deliveries of ${url}`,
  deliveriesLabel: 'Deliveries',
  noDeliveries: 'No deliveries yet.',
  deliveriesFailed: 'Failed to load deliveries',
  event: 'Event',
  status: 'Status',
  attempts: 'Attempts',
  responseCode: 'Response',
  error: 'Error',
  nextAttempt: 'Next attempt',
  remove: 'Delete webhook',
  removeAria: (url: string) => `Delete webhook ${url}`,
  removeConfirm: (url: string) =>
    `Delete the webhook for ${url}? Deliveries stop and its delivery log is removed.`,
  delete: 'Delete',
} as const;
