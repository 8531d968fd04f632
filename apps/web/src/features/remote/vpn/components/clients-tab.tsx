import { Button, Group, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { VPN_CLIENT_SORT_FIELDS } from '@netfleet/contracts';
import { DataTable, useTableQueryState } from '@/components/data-table';
import { useClients } from '../api/get-clients';
import { VPN_TEXTS as T } from '../texts';
import { openAddClients } from './add-clients-dialog';
import { clientColumns } from './client-columns';
import { EmptyState } from './empty-state';
import { useClientActions } from './use-client-actions';

/** The hub's devices, users and custom users, paged and searched on the server. */
export function ClientsTab({ hubId }: { hubId: number }) {
  const actions = useClientActions();
  const columns = useMemo(() => clientColumns(actions), [actions]);
  const state = useTableQueryState({
    defaultSort: 'name',
    sortFields: VPN_CLIENT_SORT_FIELDS,
    columns,
  });
  const result = useClients(hubId, state.query);
  const add = actions.allowed ? () => openAddClients({ hubId }) : undefined;

  if (result.data?.total === 0 && !state.query.q && state.query.offset === 0) {
    return <EmptyState text={T.noClients} action={add && { label: T.addClients, onClick: add }} />;
  }
  return (
    <Stack gap="sm">
      {add && (
        <Group justify="flex-end">
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={add}>
            {T.addClients}
          </Button>
        </Group>
      )}
      <DataTable
        label={T.clients}
        tableId="vpn-hub-clients"
        columns={columns}
        state={state}
        result={result}
        emptyMessage={T.noClientMatches}
        searchPlaceholder={T.searchClients}
      />
    </Stack>
  );
}
