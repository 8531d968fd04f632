import { ActionIcon, Badge, Button, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { AlertConfigListItem } from '@netfleet/contracts';
import { QueryState } from '@/components/query-state';
import { useDeviceConfigs } from '../api/get-device-configs';
import { actionText, alertName } from '../model/catalogue';
import type { DeviceRef } from '../model/device-ref';
import { DEVICE_ALERTS_TEXTS as T } from '../texts';
import { useRemoveAlert } from './use-remove-alert';

interface ConfigListProps {
  device: DeviceRef;
  /** manage_device_alert_configurations: add, edit and remove are offered. */
  canManage: boolean;
  onAdd: () => void;
  onEdit: (config: AlertConfigListItem) => void;
}

function RowActions({
  config,
  onEdit,
  onRemove,
}: {
  config: AlertConfigListItem;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const name = alertName(config);
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={T.edit}>
        <ActionIcon variant="subtle" aria-label={T.editNamed(name)} onClick={onEdit}>
          <IconPencil size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={T.remove}>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={T.removeNamed(name)}
          onClick={onRemove}
        >
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

function ConfigTable({
  configs,
  device,
  canManage,
  onEdit,
}: Omit<ConfigListProps, 'onAdd'> & { configs: AlertConfigListItem[] }) {
  const remove = useRemoveAlert(device);
  if (configs.length === 0) {
    return (
      <Stack gap={4} py="md" align="center">
        <Text fw={500}>{T.empty}</Text>
        <Text size="sm" c="dimmed" ta="center" maw={420}>
          {T.emptyHint}
        </Text>
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table aria-label={T.listLabel} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{T.alert}</Table.Th>
            <Table.Th>{T.action}</Table.Th>
            <Table.Th>{T.enabled}</Table.Th>
            {canManage && <Table.Th>{T.actions}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {configs.map((config) => (
            <Table.Tr key={config.id}>
              <Table.Td>
                <Text size="sm">{alertName(config)}</Text>
                {config.message && (
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {config.message}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{actionText(config.receiver)}</Text>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={config.enable ? 'green' : 'gray'}>
                  {config.enable ? T.on : T.off}
                </Badge>
              </Table.Td>
              {canManage && (
                <Table.Td>
                  <RowActions
                    config={config}
                    onEdit={() => onEdit(config)}
                    onRemove={() => remove(config)}
                  />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A device's alert configurations, with add, edit and remove for those who manage them. */
export function ConfigList({ device, canManage, onAdd, onEdit }: ConfigListProps) {
  const result = useDeviceConfigs(device.id);
  return (
    <Stack gap="sm">
      {canManage && (
        <Group justify="flex-end">
          <Button size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={onAdd}>
            {T.add}
          </Button>
        </Group>
      )}
      <QueryState result={result} notFoundTitle={T.notFound} hideNotFoundMessage>
        {(configs) => (
          <ConfigTable configs={configs} device={device} canManage={canManage} onEdit={onEdit} />
        )}
      </QueryState>
    </Stack>
  );
}
