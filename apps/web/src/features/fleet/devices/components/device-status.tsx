import { DEVICE_STATUSES } from '@netfleet/contracts';
import { deviceStatusLabel } from '@/lib/messages';

const STATUS_COLORS: Readonly<Record<number, string>> = {
  [DEVICE_STATUSES.online]: 'var(--mantine-color-green-6)',
  [DEVICE_STATUSES.offline]: 'var(--mantine-color-red-6)',
  [DEVICE_STATUSES.pending]: 'var(--mantine-color-yellow-6)',
};

// Plain elements rather than Group, Box and Text: the fleet table mounts one per row as it scrolls.
const ROOT_STYLE = { display: 'inline-flex', alignItems: 'center', gap: 6 } as const;
const DOT_STYLE = { width: 8, height: 8, borderRadius: '50%', flexShrink: 0 } as const;

/** Spec §4 status text with a coloured dot (grey for not activated and unknown codes). */
export function DeviceStatus({ status }: { status: number | null | undefined }) {
  const color =
    (status === null || status === undefined ? undefined : STATUS_COLORS[status]) ??
    'var(--mantine-color-gray-5)';
  return (
    <span style={ROOT_STYLE}>
      <span aria-hidden style={{ ...DOT_STYLE, backgroundColor: color }} />
      {deviceStatusLabel(status)}
    </span>
  );
}
