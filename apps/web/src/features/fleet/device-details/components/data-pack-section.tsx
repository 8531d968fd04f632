import { Badge, Button, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconDatabasePlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { formatBytes, type Device } from '@netfleet/contracts';
import { formatDateTime } from '@/components/data-table';
import { openNamedDialog } from '@/components/dialogs';
import { deviceKeys } from '../api/keys';
import { DEVICE_TEXTS as T } from '../texts';
import { KeyValueTable } from './key-value-table';
import { Empty } from './states';

/** What is left of the running pack: a bar and the bytes; an expired pack has nothing left. */
function RemainingData({ device }: { device: Device }) {
  const total = device.data_pack_bytes ?? 0;
  if (device.remaining_data === null || total <= 0)
    return (
      <Badge variant="light" color="red">
        {T.dataPackExpired}
      </Badge>
    );
  const left = Math.min(device.remaining_data, total);
  const percent = (left / total) * 100;
  return (
    <Stack gap={4} maw={360}>
      <Progress
        value={percent}
        color={percent < 10 ? 'red' : 'blue'}
        aria-label={T.remainingData}
      />
      <Text size="sm">{T.dataLeft(formatBytes(left), formatBytes(total))}</Text>
    </Stack>
  );
}

/**
 * The device's data pack (spec "set pack"): its type, dates and the data left of it. The Set pack
 * dialog belongs to the resources feature and opens by its spec name; it is offered when the
 * device holds no pack in use (the Services tab needs the permission the route does).
 */
export function DataPackSection({ device }: { device: Device }) {
  const queryClient = useQueryClient();
  const inUse = (device.remaining_data ?? 0) > 0;
  const openSetPack = () =>
    void openNamedDialog('device-actions.set-pack', {
      devices: [
        { id: device.id, name: device.name || device.serial, company_id: device.company_id },
      ],
      onDone: () => void queryClient.invalidateQueries({ queryKey: deviceKeys.detail(device.id) }),
    });
  return (
    <Stack gap="xs">
      <Group justify="space-between" maw={720}>
        <Title order={4}>{T.dataPack}</Title>
        {!inUse && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconDatabasePlus size={14} aria-hidden />}
            onClick={openSetPack}
          >
            {T.setPack}
          </Button>
        )}
      </Group>
      {device.data_credit_type_id === null ? (
        <Empty message={T.noDataPack} />
      ) : (
        <KeyValueTable
          label={T.dataPack}
          rows={[
            [T.dataPackType, device.data_credit_type_name ?? T.none],
            [T.dataPackActivated, formatDateTime(device.data_pack_activated_at) || T.none],
            [T.dataPackExpires, formatDateTime(device.data_pack_expire_date) || T.none],
            [T.remainingData, <RemainingData key="remaining" device={device} />],
          ]}
        />
      )}
    </Stack>
  );
}
