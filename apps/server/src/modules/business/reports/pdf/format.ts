import { formatBytes } from '@netfleet/contracts';

/** Seconds as `3d 04:05:06` (days only when there are any). */
export const formatDuration = (seconds: number): string => {
  const whole = Math.max(0, Math.floor(seconds));
  const days = Math.floor(whole / 86_400);
  const clock = [Math.floor(whole / 3600) % 24, Math.floor(whole / 60) % 60, whole % 60]
    .map((part) => String(part).padStart(2, '0'))
    .join(':');
  return days ? `${days}d ${clock}` : clock;
};

/** Deci-degrees Celsius as `36.5 °C`: the tenth is kept as stored, never rounded away. */
export const formatTemperature = (deci: number): string => {
  const sign = deci < 0 ? '-' : '';
  const abs = Math.abs(deci);
  return `${sign}${Math.floor(abs / 10)}.${abs % 10} °C`;
};

/** Thousands separated by spaces, as whole numbers are printed in tables. */
export const formatCount = (value: number): string =>
  String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

const BYTE_FIELDS = new Set([
  'received',
  'sent',
  'received_sim1',
  'received_sim2',
  'sent_sim1',
  'sent_sim2',
  'remote_bytes',
]);
const DURATION_FIELDS = new Set(['router_uptime', 'connection_uptime']);
const TEMPERATURE_FIELDS = new Set(['max_temperature', 'min_temperature']);
const SIGNAL_FIELDS = new Set(['max_signal', 'min_signal']);

/** A device field as a table shows it; `–` when unknown. */
export const formatField = (field: string, value: unknown): string => {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value !== 'number') return String(value);
  if (BYTE_FIELDS.has(field)) return formatBytes(value);
  if (DURATION_FIELDS.has(field)) return formatDuration(value);
  if (TEMPERATURE_FIELDS.has(field)) return formatTemperature(value);
  if (SIGNAL_FIELDS.has(field)) return `${value} dBm`;
  return formatCount(value);
};

/** Column titles of the device fields. */
export const FIELD_TITLES: Readonly<Record<string, string>> = {
  router_id: 'ID',
  name: 'Device',
  serial: 'Serial',
  mac: 'MAC',
  router_uptime: 'Uptime',
  max_temperature: 'Max temp.',
  min_temperature: 'Min temp.',
  connection_uptime: 'Connected',
  connection_type: 'Connection',
  operator: 'Operator',
  received: 'Received',
  sent: 'Sent',
  received_sim1: 'Rx SIM 1',
  received_sim2: 'Rx SIM 2',
  sent_sim1: 'Tx SIM 1',
  sent_sim2: 'Tx SIM 2',
  max_signal: 'Max signal',
  min_signal: 'Min signal',
  alerts: 'Alerts',
  tasks: 'Tasks',
  tasks_succeeded: 'Succeeded',
  tasks_failed: 'Failed',
  remote_sessions: 'Sessions',
  remote_bytes: 'Remote data',
  credits_used: 'Credits',
};
