import { Badge } from '@mantine/core';
import type { CreditCode } from '@netfleet/contracts';
import { CREDIT_TEXTS } from '../texts';

const COLORS: Record<CreditCode['status'], string> = {
  active: 'blue',
  used: 'green',
  revoked: 'gray',
};

/** Spec §6 "Code: Used/Not Used", plus netfleet's Revoked. */
export function CodeStatusBadge({ status }: { status: CreditCode['status'] }) {
  return (
    <Badge variant="light" color={COLORS[status]}>
      {CREDIT_TEXTS.statuses[status]}
    </Badge>
  );
}
