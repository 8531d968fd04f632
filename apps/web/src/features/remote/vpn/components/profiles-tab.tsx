import { Button, Group, Stack } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { VPN_CLIENT_SORT_FIELDS } from '@netfleet/contracts';
import { DataTable, useTableQueryState } from '@/components/data-table';
import { useClients } from '../api/get-clients';
import { VPN_TEXTS as T } from '../texts';
import { openNewProfile } from './new-profile-form';
import { profileColumns } from './profile-columns';
import { ProfileDownloads } from './profile-downloads';
import { useClientActions } from './use-client-actions';

/** A quick hub's profiles: made for me or a custom name, downloaded with a QR code, revoked. */
export function ProfilesTab({ hubId }: { hubId: number }) {
  const actions = useClientActions();
  const columns = useMemo(() => profileColumns(actions), [actions]);
  const state = useTableQueryState({
    defaultSort: 'name',
    sortFields: VPN_CLIENT_SORT_FIELDS,
    columns,
  });
  const result = useClients(hubId, state.query);
  return (
    <Stack gap="lg">
      {actions.allowed && (
        <Group justify="flex-end" gap="xs">
          <Button
            leftSection={<IconUserPlus size={16} aria-hidden />}
            onClick={() => openNewProfile(hubId, 'me')}
          >
            {T.createForMe}
          </Button>
          <Button variant="default" onClick={() => openNewProfile(hubId, 'custom')}>
            {T.createCustom}
          </Button>
        </Group>
      )}
      <DataTable
        label={T.profiles}
        columns={columns}
        state={state}
        result={result}
        emptyMessage={T.noClients}
        searchPlaceholder={T.searchClients}
      />
      <ProfileDownloads hubId={hubId} />
    </Stack>
  );
}
