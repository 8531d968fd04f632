import { Stack, Title } from '@mantine/core';
import type { VpnHub } from '@netfleet/contracts';
import { QueryState } from '@/components/query-state';
import { useRoutes } from '../api/routes';
import { VPN_TEXTS as T } from '../texts';
import { HubDetails } from './hub-details';
import { RoutesTable } from './routes-table';

/** The quick hub's state and the LANs it reaches through its device. */
export function QuickGeneralTab({ hub }: { hub: VpnHub }) {
  const routes = useRoutes(hub.id);
  return (
    <Stack gap="lg">
      <HubDetails hub={hub} />
      <Title order={4}>{T.lans}</Title>
      <QueryState result={routes} isEmpty={(rows) => rows.length === 0} emptyText={T.noRoutes}>
        {(rows) => <RoutesTable routes={rows} />}
      </QueryState>
    </Stack>
  );
}
