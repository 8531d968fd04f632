import { Paper, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { z } from 'zod';
import { activatedPoolSchema } from '@netfleet/contracts';
import { PageBreadcrumbs } from '@/components/breadcrumbs';
import { SchemaForm } from '@/components/schema-form';
import { ActivatedPools, type ReceivedPool } from '../components/activated-pools';
import { activateCodeForm } from '../forms/activate-code';
import { CREDIT_TEXTS } from '../texts';

// Only what the page shows is read, so an answer with fields added or missing still lists them.
const receivedPoolsSchema = z.array(
  activatedPoolSchema.pick({
    id: true,
    license_type_id: true,
    licence_type: true,
    licence_count: true,
    parent_pool_id_company_name: true,
  }),
);

/**
 * Route `redeem-code` (/redeem-code): a code someone handed over adds its resources to the user's
 * company. The form's pipeline shows the toast and a refused code under the field; the page then
 * lists what arrived and starts an empty form for the next code.
 */
export function RedeemCodePage() {
  const [received, setReceived] = useState<ReceivedPool[] | null>(null);
  const [round, setRound] = useState(0);
  return (
    <Stack gap="md">
      <PageBreadcrumbs items={[{ label: CREDIT_TEXTS.activateCode }]} />
      <Title order={2}>{CREDIT_TEXTS.activateCode}</Title>
      <Paper withBorder p="md" maw={520}>
        <SchemaForm
          key={round}
          definition={activateCodeForm}
          onSuccess={(response) => {
            const pools = receivedPoolsSchema.safeParse(response.data);
            setReceived(pools.success ? pools.data : []);
            setRound((value) => value + 1);
          }}
        />
      </Paper>
      {received && received.length > 0 && <ActivatedPools pools={received} />}
    </Stack>
  );
}
