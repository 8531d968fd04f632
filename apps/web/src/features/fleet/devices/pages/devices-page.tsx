import { Button, Group, Stack, Title } from '@mantine/core';
import { IconFileExport, IconFileImport, IconPlus } from '@tabler/icons-react';
import { hasPermission } from '@netfleet/contracts';
import { toApiQuery } from '@/components/data-table';
import { PageBreadcrumbs } from '@/components/breadcrumbs';
import { dialogs } from '@/components/dialogs';
import { useCurrentUser } from '@/lib/current-user';
import { downloadFile } from '@/lib/download';
import { DEVICES_PATH } from '../api/keys';
import { DevicesTable, useDevicesQueryState } from '../components/devices-table';
import { useDeviceBulkActions } from '../components/use-device-bulk-actions';
import { AddDeviceDialog } from '../dialogs/add-device-dialog';
import { ImportDialog } from '../dialogs/import-dialog';
import { DEVICE_TEXTS } from '../texts';

/** Route `devices.list` (/management/devices): the fleet table with its actions. */
export function DevicesPage() {
  const user = useCurrentUser();
  const state = useDevicesQueryState();
  const bulkActions = useDeviceBulkActions();
  const canCreate = hasPermission(user.permissions, 'create_devices');

  const exportCsv = () => {
    // The server streams every matching row; paging is the export's own.
    const { limit: _limit, offset: _offset, ...query } = toApiQuery(state.query);
    void downloadFile(`${DEVICES_PATH}/export/csv`, { query, filename: 'devices.csv' });
  };

  return (
    <Stack gap="md">
      <PageBreadcrumbs items={[{ label: DEVICE_TEXTS.devices }]} />
      <Group justify="space-between">
        <Title order={2}>{DEVICE_TEXTS.devices}</Title>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconFileExport size={16} aria-hidden />}
            onClick={exportCsv}
          >
            {DEVICE_TEXTS.exportCsv}
          </Button>
          {canCreate && (
            <>
              <Button
                variant="default"
                leftSection={<IconFileImport size={16} aria-hidden />}
                onClick={() =>
                  dialogs.open({
                    id: 'devices.import',
                    title: DEVICE_TEXTS.importCsv,
                    main: true,
                    size: 'lg',
                    content: <ImportDialog companyId={user.company_id} />,
                  })
                }
              >
                {DEVICE_TEXTS.importCsv}
              </Button>
              <Button
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() =>
                  dialogs.open({
                    id: 'devices.add',
                    title: DEVICE_TEXTS.addDevice,
                    main: true,
                    content: <AddDeviceDialog companyId={user.company_id} />,
                  })
                }
              >
                {DEVICE_TEXTS.addDevice}
              </Button>
            </>
          )}
        </Group>
      </Group>
      <DevicesTable state={state} bulkActions={bulkActions} />
    </Stack>
  );
}
