import { Button, Group, Stack } from '@mantine/core';
import { IconPlus, IconUnlink } from '@tabler/icons-react';
import { useMemo } from 'react';
import type { Automation } from '@netfleet/contracts';
import {
  DataTable,
  formatDateTime,
  RowMenu,
  useTableQueryState,
  type BulkAction,
  type DataTableColumn,
} from '@/components/data-table';
import { useAutomationDevices, type DeviceRow } from '../api/get-devices';
import { AUTOMATIONS_TEXTS as T } from '../texts';
import { openAssignDialog } from './assign-form';
import { DeviceEnabledSwitch } from './device-enabled-switch';
import { useUnassign } from './use-unassign';

const SORT_FIELDS = ['device_name', 'total_triggered_count', 'last_triggered_at'] as const;

/** The devices the rule covers with their counters; with manage, assigned and unassigned here. */
export function DevicesTab({
  automation,
  canManage,
}: {
  automation: Automation;
  canManage: boolean;
}) {
  const unassign = useUnassign(automation);
  const columns = useMemo<DataTableColumn<DeviceRow>[]>(
    () => [
      { key: 'device_name', header: T.device, hideable: false, sortable: true },
      { key: 'serial', header: T.serial },
      { key: 'firmware', header: T.firmware, defaultHidden: true },
      {
        key: 'enabled',
        header: T.enabled,
        render: (row) => <DeviceEnabledSwitch row={row} readOnly={!canManage} />,
      },
      { key: 'total_triggered_count', header: T.triggered, sortable: true },
      { key: 'period_triggered_count', header: T.periodTriggered },
      {
        key: 'last_triggered_at',
        header: T.lastTriggered,
        sortable: true,
        render: (row) => formatDateTime(row.last_triggered_at) || T.none,
      },
      ...(canManage
        ? [
            {
              key: 'actions',
              pinned: 'right',
              header: T.actions,
              hideable: false,
              width: 60,
              render: (row) => (
                <RowMenu
                  label={row.device_name}
                  items={[
                    {
                      label: T.unassign,
                      icon: <IconUnlink size={14} aria-hidden />,
                      color: 'red',
                      onClick: () => unassign([row]),
                    },
                  ]}
                />
              ),
            } satisfies DataTableColumn<DeviceRow>,
          ]
        : []),
    ],
    [canManage, unassign],
  );
  const state = useTableQueryState({ columns, sortFields: SORT_FIELDS });
  const result = useAutomationDevices(automation.id, state.query);
  const bulkActions = useMemo<BulkAction<DeviceRow>[]>(
    () => (canManage ? [{ label: T.unassign, color: 'red', onClick: unassign }] : []),
    [canManage, unassign],
  );

  return (
    <Stack gap="sm">
      {canManage && (
        <Group justify="flex-end">
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => openAssignDialog(automation)}
          >
            {T.assignDevices}
          </Button>
        </Group>
      )}
      <DataTable
        label={T.devicesTable}
        columns={columns}
        state={state}
        result={result}
        emptyMessage={T.noDevices}
        searchPlaceholder={T.searchDevices}
        bulkActions={bulkActions}
      />
    </Stack>
  );
}
