import { Paper, Text } from '@mantine/core';
import { formatBytes } from '@netfleet/contracts';
import { QueryState } from '@/components/query-state';
import { useRemainingData } from '../api/get-company-data';
import { CREDIT_TEXTS } from '../texts';

/** The bytes of company data a company has left (GET /companies/{id} `remaining_data`). */
export function RemainingDataCard({ companyId }: { companyId: number }) {
  const result = useRemainingData(companyId);
  return (
    <section aria-label={CREDIT_TEXTS.remainingData}>
      <QueryState result={result} errorTitle={CREDIT_TEXTS.remainingDataFailed} loaderPadding="sm">
        {(company) => (
          <Paper withBorder p="sm" w="fit-content" miw={220}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {CREDIT_TEXTS.remainingData} · {company.name}
            </Text>
            <Text size="xl" fw={700}>
              {formatBytes(company.remaining_data)}
            </Text>
          </Paper>
        )}
      </QueryState>
    </section>
  );
}
