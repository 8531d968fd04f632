import {
  DEVICE_ALERT_DATA_LIMIT_SUBTYPE,
  DEVICE_ALERT_GEOFENCE_TYPE,
  DEVICE_ALERT_NO_ACTION_SUBTYPES,
  DEVICE_ALERT_PHONE_SUBTYPES,
  DEVICE_ALERT_STATUS_TYPE,
  DEVICE_ALERT_TYPES,
  deviceAlertSubtypeOf,
  deviceAlertTypeOf,
  type AlertConfigListItem,
} from '@netfleet/contracts';
import { DEVICE_ALERTS_TEXTS as T } from '../texts';

export interface Option {
  value: string;
  label: string;
}

// RMS type 4 "SMS": netfleet has no SMS gateway, so its subtypes never fire (design, Status);
// the form does not offer what would sit on the device doing nothing. Configs made through the
// API still list under their names.
const SMS_TYPE_ID = 4;

/** Action 2 (SMS) is refused by the server for the same reason. */
export const ACTION_OPTIONS: readonly Option[] = [1, 3].map((action) => ({
  value: String(action),
  label: T.actionLabels[action] ?? String(action),
}));

export const TYPE_OPTIONS: readonly Option[] = DEVICE_ALERT_TYPES.filter(
  (type) => type.id !== SMS_TYPE_ID,
).map((type) => ({ value: String(type.id), label: T.typeNames[type.id] ?? type.name }));

export const subtypeOptions = (typeId: number | null | undefined): Option[] =>
  (typeId ? (deviceAlertTypeOf(typeId)?.subtypes ?? []) : []).map((subtype) => ({
    value: String(subtype.id),
    label: T.subtypeNames[subtype.id] ?? subtype.name,
  }));

/** Which inputs a type and subtype need, as the contracts' add schema requires them. */
export interface AlertNeeds {
  action: boolean;
  message: boolean;
  /** Types other than "Status change" must say how often a repeating event is sent. */
  redundancyRequired: boolean;
  geofence: boolean;
  dataLimit: boolean;
  phone: boolean;
}

export function needsOf(
  typeId: number | null | undefined,
  subtypeId: number | null | undefined,
): AlertNeeds {
  const subtype = subtypeId ?? 0;
  return {
    action: !DEVICE_ALERT_NO_ACTION_SUBTYPES.includes(subtype),
    message: subtype !== DEVICE_ALERT_DATA_LIMIT_SUBTYPE,
    redundancyRequired: typeId !== DEVICE_ALERT_STATUS_TYPE,
    geofence: typeId === DEVICE_ALERT_GEOFENCE_TYPE,
    dataLimit: subtype === DEVICE_ALERT_DATA_LIMIT_SUBTYPE,
    phone: DEVICE_ALERT_PHONE_SUBTYPES.includes(subtype),
  };
}

type Named = Pick<AlertConfigListItem, 'type' | 'subtype' | 'alert_type_id' | 'alert_subtype_id'>;

/** 'Status change: Signal strength dropped below -95 dBm'; the catalogue's names if none given. */
export function alertName(config: Named): string {
  const type =
    config.type ??
    T.typeNames[config.alert_type_id] ??
    deviceAlertTypeOf(config.alert_type_id)?.name;
  const subtype =
    config.subtype ??
    T.subtypeNames[config.alert_subtype_id] ??
    deviceAlertSubtypeOf(config.alert_type_id, config.alert_subtype_id)?.name;
  return [type, subtype].filter(Boolean).join(': ') || `#${config.alert_subtype_id}`;
}

/**
 * The list answers the recipient, not the action: an e-mail address means action 1 (e-mail and
 * in-app); otherwise only the in-app notification goes (a phone there is data limit's SMS number).
 */
export const actionText = (receiver: string | null) =>
  receiver?.includes('@') ? T.emailTo(receiver) : T.inApp;
