import { automationParameterOf, type DeviceAlert } from '@netfleet/contracts';

type EvaluatedParameter = DeviceAlert['evaluated_parameters'][number];

/** A value an alert was raised on, with the catalogue's unit: `signal: -118 dBm`. */
export function formatAlertValue({ key, value }: EvaluatedParameter): string {
  if (value === null) return `${key}: —`;
  const unit = automationParameterOf(key)?.unit;
  return unit ? `${key}: ${String(value)} ${unit}` : `${key}: ${String(value)}`;
}

/** Badge colours of an alert's event: a fire calls for attention, a resolve is the all-clear. */
export const ALERT_KIND_COLORS: Record<DeviceAlert['kind'], string> = {
  fired: 'red',
  resolved: 'green',
  renotify: 'orange',
  event: 'blue',
};
