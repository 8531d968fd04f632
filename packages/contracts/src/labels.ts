// Spec §4/§8 display labels for numeric codes the API returns. Unknown codes get a fallback
// rather than undefined because the codes come from devices and may be newer than this list.

type CodeLabels = Readonly<Record<number, string>>;

function labelFor(labels: CodeLabels, code: number | null | undefined, fallback: string): string {
  if (code === null || code === undefined) return fallback;
  return labels[code] ?? fallback;
}

export const DEVICE_STATUS = { offline: 0, online: 1, pending: 2 } as const;
export const DEVICE_STATUS_LABELS: CodeLabels = { 0: 'Offline', 1: 'Online', 2: 'Pending' };
export const DEVICE_STATUS_NOT_ACTIVATED = 'Not Activated';

export function deviceStatusLabel(status: number | null | undefined): string {
  return labelFor(DEVICE_STATUS_LABELS, status, DEVICE_STATUS_NOT_ACTIVATED);
}

export const L2TP_STATUS_LABELS: CodeLabels = {
  1: 'All online',
  2: 'All offline',
  3: 'All disabled',
  4: 'Mixed',
};
export const L2TP_STATUS_NONE = 'No L2TP instances';

export function l2tpStatusLabel(status: number | null | undefined): string {
  return labelFor(L2TP_STATUS_LABELS, status, L2TP_STATUS_NONE);
}

export const IO_LEVEL_LABELS: CodeLabels = { 0: 'Low', 1: 'High' };
export const RELAY_LABELS: CodeLabels = { 0: 'Closed', 1: 'Open' };
export const FACELIFT_LABELS: CodeLabels = { 0: 'Not facelift device', 1: 'Facelift device' };

export function ioLevelLabel(level: number | null | undefined): string {
  return labelFor(IO_LEVEL_LABELS, level, '');
}

export function relayLabel(state: number | null | undefined): string {
  return labelFor(RELAY_LABELS, state, '');
}

export function faceliftLabel(value: number | null | undefined): string {
  return labelFor(FACELIFT_LABELS, value, '');
}

export const CODE_USED_LABELS = { used: 'Used', notUsed: 'Not Used' } as const;

export function codeUsedLabel(used: boolean): string {
  return used ? CODE_USED_LABELS.used : CODE_USED_LABELS.notUsed;
}

/** Device connection log success codes that all mean a plain connection attempt. */
export const CONNECTION_ATTEMPT_CODES = [0, 10, 12, 20, 104] as const;

export const CONNECTION_LOG_MESSAGES = {
  attempted: 'Device has attempted to connect to the system',
  monitoringDisabled: 'Device could not connect because Monitoring was disabled',
  noActiveCredit: 'Device could not connect because it has no active credit',
  duplicateSerial: 'A device with identical serial but different MAC is already registered',
} as const;

/** Spec §8: a fixed message for known success codes, else the reason the server logged. */
export function connectionLogMessage(code: number, reason: string | null | undefined): string {
  if ((CONNECTION_ATTEMPT_CODES as readonly number[]).includes(code)) {
    return CONNECTION_LOG_MESSAGES.attempted;
  }
  if (code === 14) return CONNECTION_LOG_MESSAGES.monitoringDisabled;
  if (code === 15) return CONNECTION_LOG_MESSAGES.noActiveCredit;
  if (code === 7) return CONNECTION_LOG_MESSAGES.duplicateSerial;
  return reason ?? '';
}
