import { Button, Group, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { QueryState } from '@/components/query-state';
import { vpnKeys } from '../api/keys';
import { removeRoute, useRoutes } from '../api/routes';
import { VPN_TEXTS as T } from '../texts';
import { openAddRoutes } from './add-routes-dialog';
import { EmptyState } from './empty-state';
import { routeLabel, RoutesTable } from './routes-table';
import { useConfirmedAction } from './use-confirmed-action';
import { useHubActions } from './use-hub-actions';

/** LANs behind the hub's device clients that the hub routes to; added and removed with rights. */
export function RoutesTab({ hubId }: { hubId: number }) {
  const { allowed } = useHubActions();
  const confirmed = useConfirmedAction();
  const result = useRoutes(hubId);
  const add = allowed ? () => openAddRoutes(hubId) : undefined;
  const remove = allowed
    ? (route: { id: number; ip: string; netmask: string }) =>
        confirmed({
          title: T.removeRouteTitle,
          message: T.removeRouteConfirm(routeLabel(route)),
          confirmText: T.remove,
          run: () => removeRoute(route.id),
          done: T.routeRemoved,
          invalidate: vpnKeys.hub(hubId),
        })
    : undefined;
  return (
    <QueryState result={result}>
      {(routes) =>
        routes.length === 0 ? (
          <EmptyState text={T.noRoutes} action={add && { label: T.addRoutes, onClick: add }} />
        ) : (
          <Stack gap="sm">
            {add && (
              <Group justify="flex-end">
                <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={add}>
                  {T.addRoutes}
                </Button>
              </Group>
            )}
            <RoutesTable routes={routes} onRemove={remove} />
          </Stack>
        )
      }
    </QueryState>
  );
}
