import { randomBytes } from 'node:crypto';
import { automationParameterOf } from '@netfleet/contracts';
import type {
  ParameterValue,
  TransitionKind,
} from '@/modules/automation/automations/engine/rule-types';

/** A short id a log entry is found by (RMS evaluation_id). */
export const newEvaluationId = () => randomBytes(8).toString('hex');

const valueText = (key: string, value: ParameterValue | null) => {
  if (value === null) return `${key} unknown`;
  const unit = automationParameterOf(key)?.unit;
  return unit ? `${key} ${value} ${unit}` : `${key} ${value}`;
};

const PREFIXES: Record<TransitionKind, string> = {
  fired: '',
  event: '',
  renotify: 'Still: ',
  resolved: 'Resolved: ',
};

/** `RUTX11-0001: Weak signal — signal -118 dBm`, `Resolved: …` (the catalogue's units). */
export const alertMessage = (
  kind: TransitionKind,
  deviceName: string,
  ruleName: string,
  parameters: readonly string[],
  values: Readonly<Record<string, ParameterValue | null>>,
) => {
  const read = parameters.map((key) => valueText(key, values[key] ?? null)).join(', ');
  return `${PREFIXES[kind]}${deviceName}: ${ruleName}${read ? ` — ${read}` : ''}`;
};

const EVENT_TYPES: Record<TransitionKind, string> = {
  fired: 'Alert',
  event: 'Event',
  renotify: 'Alert still open',
  resolved: 'Alert resolved',
};

const pad = (n: number) => String(n).padStart(2, '0');
/** RMS dates: `YYYY-MM-DD HH:mm:ss` (UTC). */
export const rmsDate = (at: Date) =>
  `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())} ` +
  `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())}`;

/** RMS e-mail placeholders: %rn router name, %et event type, %ex event text, %ts time stamp. */
export const expandPlaceholders = (
  text: string,
  event: { kind: string; deviceName: string; message: string; readingTs: Date },
) =>
  text.replace(/%(rn|et|ex|ts)/g, (_all, code: string) => {
    if (code === 'rn') return event.deviceName;
    if (code === 'et') return EVENT_TYPES[event.kind as TransitionKind] ?? event.kind;
    if (code === 'ex') return event.message;
    return rmsDate(event.readingTs);
  });
