import { Badge } from '@mantine/core';
import type { Notice } from '@netfleet/contracts';
import { NOTICE_TYPE_LABELS } from '../texts';

const COLORS: Record<Notice['type'], string> = { info: 'blue', warning: 'yellow', critical: 'red' };

export function NoticeTypeBadge({ type }: { type: Notice['type'] }) {
  return (
    <Badge color={COLORS[type]} variant="light" size="sm">
      {NOTICE_TYPE_LABELS[type]}
    </Badge>
  );
}
