import { Select } from '@mantine/core';
import { VPN_HUB_ZONES, type VpnHubZone } from '@netfleet/contracts';
import { VPN_TEXTS as T } from '../texts';

interface ZoneSelectProps {
  /** GET /vpn/hubs/zones; this server's zone until it answers. */
  zones: readonly VpnHubZone[] | undefined;
  value: string;
  onChange: (zone: string) => void;
  error?: string | boolean | undefined;
}

/** Where the hub runs: a zone by name, marked when it cannot run hubs now. */
export function ZoneSelect({ zones, value, onChange, error }: ZoneSelectProps) {
  const data = (zones ?? VPN_HUB_ZONES).map((zone) => ({
    value: zone.name,
    label:
      'available' in zone && !zone.available
        ? `${zone.visual_name} (${T.zoneUnavailable})`
        : zone.visual_name,
  }));
  return (
    <Select
      label={T.zone}
      required
      data={data}
      value={value}
      allowDeselect={false}
      onChange={(next) => {
        if (next) onChange(next);
      }}
      error={error}
    />
  );
}
