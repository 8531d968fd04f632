import { SESSION_TYPES, type SessionType } from '@netfleet/contracts';
import { ACCESS_HISTORY_TEXTS as T } from '../texts';

const LABELS: Readonly<Record<SessionType, string>> = T.sessionTypes;

export const sessionTypeLabel = (type: SessionType): string => LABELS[type];

export const SESSION_TYPE_OPTIONS = SESSION_TYPES.map((type) => ({
  value: type,
  label: LABELS[type],
}));
