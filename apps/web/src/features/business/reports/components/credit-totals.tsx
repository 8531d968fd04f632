import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { CreditReport } from '@netfleet/contracts';
import { formatNumber } from '../model/format-number';
import { REPORT_TEXTS as T } from '../texts';

const TOTALS = Object.keys(T.totals) as (keyof CreditReport['totals'])[];

/** The credit report's totals (GET /credits/report/json), one card each. */
export function CreditTotals({ report }: { report: CreditReport }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" aria-label={T.creditTotals} role="list">
      {TOTALS.map((key) => (
        <Paper key={key} withBorder p="sm" role="listitem" aria-label={T.totals[key]}>
          <Text size="xs" c="dimmed" fw={600}>
            {T.totals[key]}
          </Text>
          <Text size="xl" fw={700}>
            {formatNumber(report.totals[key])}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
