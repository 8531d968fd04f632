import { Select } from '@mantine/core';
import { DEFAULT_PROFILE_LIFETIME, PROFILE_LIFETIMES } from '../model/durations';
import { VPN_TEXTS as T } from '../texts';

interface LifetimeSelectProps {
  /** Seconds; the default lifetime when not chosen. */
  value: number | undefined;
  onChange: (seconds: number) => void;
  error?: string | boolean | undefined;
}

/** How long a quick connect profile works. */
export function LifetimeSelect({ value, onChange, error }: LifetimeSelectProps) {
  return (
    <Select
      label={T.lifetime}
      data={PROFILE_LIFETIMES}
      value={value === undefined ? DEFAULT_PROFILE_LIFETIME : String(value)}
      allowDeselect={false}
      onChange={(next) => onChange(Number(next ?? DEFAULT_PROFILE_LIFETIME))}
      error={error}
    />
  );
}
