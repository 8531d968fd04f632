import { Anchor, List, Paper, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { creditTypeById, hasPermission, type ActivatedPool } from '@netfleet/contracts';
import { useCurrentUser } from '@/lib/current-user';
import { POOLS_ROUTE } from '../paths';
import { CREDIT_TEXTS } from '../texts';
import { creditTypeTitle, localCreditTypeTitle } from './credit-type-title';

/** What the page shows of a pool an activated code made. */
export type ReceivedPool = Pick<
  ActivatedPool,
  'id' | 'license_type_id' | 'licence_type' | 'licence_count' | 'parent_pool_id_company_name'
>;

/** The type of a new pool as the user reads it; RMS's own name when the id is unknown. */
function poolTitle(pool: ReceivedPool, superAdmin: boolean): string {
  const type = creditTypeById(pool.license_type_id);
  return type ? creditTypeTitle(type, superAdmin) : localCreditTypeTitle(pool.licence_type);
}

/** What an activated code gave the user's company: one line per pool it made. */
export function ActivatedPools({ pools }: { pools: readonly ReceivedPool[] }) {
  const { permissions } = useCurrentUser();
  const superAdmin = hasPermission(permissions, 'super_admin');
  return (
    <Paper withBorder p="md" maw={520}>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {CREDIT_TEXTS.received}
        </Title>
        <List aria-label={CREDIT_TEXTS.received}>
          {pools.map((pool) => (
            <List.Item key={pool.id}>
              {CREDIT_TEXTS.receivedItem(
                pool.licence_count,
                poolTitle(pool, superAdmin),
                pool.parent_pool_id_company_name,
              )}
            </List.Item>
          ))}
        </List>
        {hasPermission(permissions, 'view_credits') && (
          <Anchor component={Link} to={POOLS_ROUTE} size="sm">
            {CREDIT_TEXTS.viewResources}
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}
