import type { DataLimitPeriod } from '@netfleet/contracts';

/** The item of the spec's submit texts ('Alert configuration created successfully'). */
export const ITEM = 'alert configuration';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

// English texts of the device alerts dialog, shared by its components and tests.
export const DEVICE_ALERTS_TEXTS = {
  title: 'Device alerts',
  createTitle: 'Create alert',
  subtitle: (names: readonly string[]) =>
    names.length === 1 ? (names[0] ?? '') : plural(names.length, 'device'),
  device: 'Device',
  deviceHint: 'The device whose alerts are listed',
  notFound: 'Alert configuration not found',
  // List
  listLabel: 'Alert configurations',
  empty: 'No alerts configured on this device',
  emptyHint:
    'A device alert is evaluated on the device itself (reboots, inputs, signal, geofence, data limit) and reported to you in the console and by e-mail.',
  alert: 'Alert',
  action: 'Action',
  enabled: 'Enabled',
  on: 'On',
  off: 'Off',
  actions: 'Actions',
  add: 'Add alert',
  edit: 'Edit',
  remove: 'Remove',
  editNamed: (name: string) => `Edit ${name}`,
  removeNamed: (name: string) => `Remove ${name}`,
  emailTo: (to: string) => `E-mail to ${to} and in-app`,
  inApp: 'In-app',
  removeTitle: 'Remove alert',
  removeConfirm: (alert: string, device: string) =>
    `Remove the alert "${alert}" from ${device}? The device gets its alert set without it.`,
  pushTitle: (device: string) => `Alerts sent to ${device}`,
  pushTitleMany: (count: number) => `Alerts sent to ${plural(count, 'device')}`,
  // Form
  addTitle: 'New alert',
  editTitle: (alert: string) => `Edit alert: ${alert}`,
  addsTo: (count: number) =>
    `The alert is added to each of the ${plural(count, 'selected device')}.`,
  type: 'Alert type',
  subtype: 'Event',
  typePlaceholder: 'Choose an alert type',
  subtypePlaceholder: 'Choose an event',
  notify: 'Notify by',
  actionLabels: { 1: 'E-mail and in-app', 3: 'In-app only' } as Record<number, string>,
  email: 'E-mail address',
  smtp: 'SMTP configuration',
  smtpPlaceholder: 'Default mail server',
  subject: 'E-mail subject',
  message: 'Message',
  messageHint: 'Placeholders: %rn device name, %et event type, %ex event text, %ts time stamp',
  enable: 'Enabled',
  enableHint: 'A disabled alert stays here but is taken off the device',
  redundancy: 'Skip repeats',
  redundancyHint: 'Send one alert per interval for an event that keeps happening',
  redundancyMinutes: 'Interval (minutes)',
  deliveryRetry: 'Retry failed e-mails',
  deliveryRetryHint: 'Send again when the mail server refuses or cannot be reached',
  retryCount: 'Retries',
  retryInterval: 'Every (minutes)',
  latitude: 'Latitude',
  longitude: 'Longitude',
  radius: 'Radius (m)',
  dataLimit: 'Data limit (MB)',
  sim: 'SIM',
  simLabel: (sim: number) => `SIM ${sim}`,
  period: 'Period',
  periods: { day: 'Day', week: 'Week', month: 'Month' } satisfies Record<DataLimitPeriod, string>,
  starts: {
    day: 'Period starts at hour (0–23)',
    week: 'Period starts on weekday (1 Monday – 7 Sunday)',
    month: 'Period starts on day of month (1–31)',
  } satisfies Record<DataLimitPeriod, string>,
  phone: 'Phone number',
  phoneHint: 'International format, such as +37060000000',
  required: 'This field is required',
  atLeast: (min: number | bigint) => `Must be at least ${min}`,
  atMost: (max: number | bigint) => `Must be at most ${max}`,
  cancel: 'Cancel',
  save: 'Save',
  create: 'Add alert',
} as const;
