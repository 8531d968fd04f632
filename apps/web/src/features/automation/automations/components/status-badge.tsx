import { Badge } from '@mantine/core';

const COLORS: Readonly<Record<string, string>> = {
  success: 'green',
  failed: 'red',
  partial: 'orange',
  pending: 'gray',
  skipped: 'gray',
};

/** An evaluation's overall status: pending, success, failed, partial or skipped. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge variant="light" color={COLORS[status] ?? 'gray'}>
      {status}
    </Badge>
  );
}
