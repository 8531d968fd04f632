// The web's localized versions of the contracts display labels (labels.ts): same codes, same
// fallbacks, texts from the shown language's catalogue.
import { CONNECTION_ATTEMPT_CODES } from '@netfleet/contracts';
import { LABEL_TEXTS } from './texts';

type CodeLabels = Readonly<Record<number, string>>;

function labelFor(labels: CodeLabels, code: number | null | undefined, fallback: string): string {
  if (code === null || code === undefined) return fallback;
  return labels[code] ?? fallback;
}

/** Device status code → label (contracts DEVICE_STATUS_LABELS): 0 offline, 1 online, 2 pending. */
export const DEVICE_STATUS_LABELS: CodeLabels = {
  0: LABEL_TEXTS.deviceStatus.offline,
  1: LABEL_TEXTS.deviceStatus.online,
  2: LABEL_TEXTS.deviceStatus.pending,
};

export function deviceStatusLabel(status: number | null | undefined): string {
  return labelFor(DEVICE_STATUS_LABELS, status, LABEL_TEXTS.deviceStatusNotActivated);
}

export const L2TP_STATUS_LABELS: CodeLabels = {
  1: LABEL_TEXTS.l2tpStatus.allOnline,
  2: LABEL_TEXTS.l2tpStatus.allOffline,
  3: LABEL_TEXTS.l2tpStatus.allDisabled,
  4: LABEL_TEXTS.l2tpStatus.mixed,
};

export function l2tpStatusLabel(status: number | null | undefined): string {
  return labelFor(L2TP_STATUS_LABELS, status, LABEL_TEXTS.l2tpStatusNone);
}

export const IO_LEVEL_LABELS: CodeLabels = {
  0: LABEL_TEXTS.ioLevel.low,
  1: LABEL_TEXTS.ioLevel.high,
};
export const RELAY_LABELS: CodeLabels = { 0: LABEL_TEXTS.relay.closed, 1: LABEL_TEXTS.relay.open };
export const FACELIFT_LABELS: CodeLabels = {
  0: LABEL_TEXTS.facelift.no,
  1: LABEL_TEXTS.facelift.yes,
};

export function ioLevelLabel(level: number | null | undefined): string {
  return labelFor(IO_LEVEL_LABELS, level, '');
}

export function relayLabel(state: number | null | undefined): string {
  return labelFor(RELAY_LABELS, state, '');
}

export function faceliftLabel(value: number | null | undefined): string {
  return labelFor(FACELIFT_LABELS, value, '');
}

export function codeUsedLabel(used: boolean): string {
  return used ? LABEL_TEXTS.codeUsed.used : LABEL_TEXTS.codeUsed.notUsed;
}

/** Spec §8: a fixed message for known success codes, else the reason the server logged. */
export function connectionLogMessage(code: number, reason: string | null | undefined): string {
  if ((CONNECTION_ATTEMPT_CODES as readonly number[]).includes(code)) {
    return LABEL_TEXTS.connectionLog.attempted;
  }
  if (code === 14) return LABEL_TEXTS.connectionLog.monitoringDisabled;
  if (code === 15) return LABEL_TEXTS.connectionLog.noActiveCredit;
  if (code === 7) return LABEL_TEXTS.connectionLog.duplicateSerial;
  return reason ?? '';
}
