import { Text } from '@mantine/core';
import { formatCount } from './format-count';

/** A ledger amount with its sign: what came in green, what went out red. */
export function SignedAmount({ amount }: { amount: number }) {
  if (amount === 0) return <>0</>;
  return (
    <Text span size="sm" c={amount > 0 ? 'green' : 'red'} fw={600}>
      {amount > 0 ? `+${formatCount(amount)}` : formatCount(amount)}
    </Text>
  );
}

/** The signed amount as the CSV holds it (plain digits). */
export const formatSigned = (amount: number): string => (amount > 0 ? `+${amount}` : `${amount}`);
