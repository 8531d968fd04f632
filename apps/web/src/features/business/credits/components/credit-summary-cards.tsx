import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { CreditSummary } from '@netfleet/contracts';
import { formatDateTime } from '@/components/data-table';
import { QueryState } from '@/components/query-state';
import { useCreditSummary } from '../api/get-credit-summary';
import { CREDIT_TEXTS } from '../texts';
import { localCreditTypeTitle } from './credit-type-title';
import { formatCount } from './format-count';

type LeftEntry = CreditSummary['credits']['left'][number];

function SummaryCard({ entry }: { entry: LeftEntry }) {
  return (
    <Paper withBorder p="sm" role="group" aria-label={localCreditTypeTitle(entry.credit_type_name)}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {localCreditTypeTitle(entry.credit_type_name)}
      </Text>
      <Text size="xl" fw={700}>
        {formatCount(entry.credits_left)}
      </Text>
    </Paper>
  );
}

function SummaryFooter({ summary }: { summary: CreditSummary }) {
  const { credit_coverage: coverage, monitored_device: devices } = summary;
  return (
    <Group gap="lg">
      {coverage && (
        <Text size="sm" c="dimmed">
          {CREDIT_TEXTS.coverage(formatDateTime(coverage))}
        </Text>
      )}
      {devices.total > 0 && (
        <Text size="sm" c="dimmed">
          {CREDIT_TEXTS.monitored(devices.monitored, devices.total)}
        </Text>
      )}
    </Group>
  );
}

/** What is left per resource type, as cards: the chosen company's, else the user's own. */
export function CreditSummaryCards({ companyId }: { companyId: number | null }) {
  const result = useCreditSummary(companyId);
  return (
    <section aria-label={CREDIT_TEXTS.summary}>
      <QueryState
        result={result}
        errorTitle={CREDIT_TEXTS.summaryFailed}
        isEmpty={(summary) => summary.credits.left.length === 0}
        emptyText={CREDIT_TEXTS.summaryEmpty}
        loaderPadding="sm"
      >
        {(summary) => (
          <Stack gap="xs">
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
              {summary.credits.left.map((entry) => (
                <SummaryCard key={entry.credit_type_id} entry={entry} />
              ))}
            </SimpleGrid>
            <SummaryFooter summary={summary} />
          </Stack>
        )}
      </QueryState>
    </section>
  );
}
